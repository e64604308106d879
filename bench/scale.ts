// npm run bench:scale: times the admin beer-activity report (1 h, 6 h, 168 h windows) over the benchmark's
// million beer clicks and the quiz results page over its 100,000 plays, on the configured database, and
// keeps each query's EXPLAIN ANALYZE plan. Run `npm run bench:data` first. Target: ≤ 100 ms on PostgreSQL.
//
// Two sets of figures: the page functions themselves (getBeerActivity for the report, getQuizResults for the
// results page), timed end to end as their loaders call them, and the stand-alone SQL below with its
// EXPLAIN ANALYZE plans.
import { type SQL, sql } from "drizzle-orm";
import { getBeerActivity } from "../app/features/beer-activity/beer-activity.server";
import { getQuizResults } from "../app/features/play/play.server";
import { queryRows } from "../app/lib/db.server";
import { fail, openCliDatabase } from "../scripts/lib/cli-db";
import { printLine, writeResult } from "./lib/report";

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const TARGET_MS = 100;

const beerActivity = (hours: number) => sql`
  with clicks as (
    select event_id, count(*)::int as clicks, count(distinct user_identifier)::int as visitors
    from beer_clicks
    where clicked_at >= now() - make_interval(hours => ${hours}::int)
    group by event_id
  )
  select e.id, e.title, e.city, c.clicks, c.visitors,
    sum(c.clicks) over ()::int as total_clicks, count(*) over ()::int as active_events
  from clicks c join events e on e.id = c.event_id
  order by c.clicks desc, e.title
  limit 50`;

const quizSummary = (quizId: string) => sql`
  select count(*)::int as plays,
    count(*) filter (where counted)::int as counted_plays,
    round(avg(score) filter (where counted), 2) as average_score,
    count(*) filter (where finished_at >= now() - interval '7 days')::int as plays_last_week
  from quiz_plays where quiz_id = ${quizId}::uuid and finished_at is not null`;

const quizScoreDistribution = (quizId: string) => sql`
  select score, count(*)::int as plays from quiz_plays
  where quiz_id = ${quizId}::uuid and counted and finished_at is not null
  group by score order by score`;

// Aggregating answers first lets PostgreSQL count straight from the (question_id, option_id) index.
const quizPerQuestion = (quizId: string) => sql`
  with counts as (
    select a.question_id, a.option_id, count(*)::int as answers
    from quiz_answers a
    where a.question_id in (select id from quiz_questions where quiz_id = ${quizId}::uuid)
    group by a.question_id, a.option_id
  )
  select qq.question_order, qo.option_order, qo.is_correct, coalesce(c.answers, 0) as answers
  from quiz_questions qq
  join quiz_options qo on qo.question_id = qq.id
  left join counts c on c.question_id = qq.id and c.option_id = qo.id
  where qq.quiz_id = ${quizId}::uuid
  order by qq.question_order, qo.option_order`;

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const handle = await openCliDatabase();
const db = handle.db;
try {
  const [counts] = await queryRows<{ clicks: number; plays: number }>(
    db,
    sql`select (select count(*) from beer_clicks)::int as clicks, (select count(*) from quiz_plays)::int as plays`,
  );
  if (counts.clicks < 100_000) fail("Too little data: run `npm run bench:data` first.");
  // The busiest quiz is the worst case for the results page.
  const [busiest] = await queryRows<{ id: string; plays: number }>(
    db,
    sql`select quiz_id as id, count(*)::int as plays from quiz_plays group by quiz_id order by 2 desc limit 1`,
  );

  const queries: Record<string, SQL> = {
    "beer-activity-1h": beerActivity(1),
    "beer-activity-6h": beerActivity(6),
    "beer-activity-168h": beerActivity(168),
    "quiz-results-summary": quizSummary(busiest.id),
    "quiz-results-scores": quizScoreDistribution(busiest.id),
    "quiz-results-questions": quizPerQuestion(busiest.id),
  };
  const results: Record<string, unknown> = {};
  printLine("scale", {
    db: handle.kind,
    beer_clicks: counts.clicks,
    quiz_plays: counts.plays,
    busiest_quiz_plays: busiest.plays,
  });
  // The real page functions, as the loaders call them.
  const pageCalls: Record<string, () => Promise<unknown>> = {
    "page beer-activity-1h-summary": () => getBeerActivity(db, 1, { withDetails: false }),
    "page beer-activity-6h-summary": () => getBeerActivity(db, 6, { withDetails: false }),
    "page beer-activity-168h-summary": () => getBeerActivity(db, 168, { withDetails: false }),
    "page beer-activity-168h-detailed": () => getBeerActivity(db, 168, { withDetails: true }),
    "page quiz-results": () => getQuizResults(db, busiest.id),
  };
  for (const [name, call] of Object.entries(pageCalls)) {
    await call();
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      await call();
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const median = Math.round(percentile(times, 50) * 10) / 10;
    results[name] = { medianMs: median, maxMs: Math.round(times[times.length - 1] * 10) / 10, runs: RUNS };
    printLine(`scale ${name}`, {
      median_ms: median,
      target_ms: TARGET_MS,
      ratio: Math.round((median / TARGET_MS) * 100) / 100,
      ok: median <= TARGET_MS ? "yes" : "no",
    });
  }

  for (const [name, query] of Object.entries(queries)) {
    await queryRows(db, query); // warm the cache: the admin pages are read repeatedly
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      await queryRows(db, query);
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const plan = (
      await queryRows<{ "QUERY PLAN": string }>(db, sql`explain (analyze, buffers) ${query}`)
    ).map((r) => r["QUERY PLAN"]);
    const median = Math.round(percentile(times, 50) * 10) / 10;
    const worst = Math.round(times[times.length - 1] * 10) / 10;
    const seqScans = plan.filter((l) => /Seq Scan on (beer_clicks|quiz_plays|quiz_answers)\b/.test(l)).length;
    results[name] = {
      medianMs: median,
      maxMs: worst,
      runs: RUNS,
      targetMs: TARGET_MS,
      seqScansOnBigTables: seqScans,
      plan,
    };
    printLine(`scale ${name}`, {
      median_ms: median,
      max_ms: worst,
      target_ms: TARGET_MS,
      ratio: Math.round((median / TARGET_MS) * 100) / 100,
      ok: median <= TARGET_MS ? "yes" : "no",
      big_seq_scans: seqScans,
    });
  }
  writeResult(`scale-${handle.kind}`, { db: handle.kind, counts, busiestQuiz: busiest, results });
} catch (error) {
  await handle.close();
  fail(`bench:scale failed: ${(error as Error).message}`);
}
await handle.close();
