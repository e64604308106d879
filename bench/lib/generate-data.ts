import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../../app/lib/db.server";

/**
 * The large dataset of the benchmarks, written entirely by set-based SQL (generate_series) so a million
 * rows take seconds, not the minutes a row-by-row client loop would. Every row is tagged with a run id
 * (slugs "bench-<run>-…", visitors "bench-<run>-…"), so a run never collides with the demo content or an
 * earlier run. Popularity is skewed (a few events and quizzes get most of the traffic), like real use.
 */
export type BenchSizes = {
  events: number;
  beerClicks: number;
  /** Distinct visitors behind the beer clicks; fewer visitors means fewer distinct interactions. */
  beerVisitors: number;
  days: number;
  quizzes: number;
  questionsPerQuiz: number;
  plays: number;
};

export const FULL_SIZES: BenchSizes = {
  events: 2_000,
  beerClicks: 1_000_000,
  beerVisitors: 400_000,
  days: 30,
  quizzes: 50,
  questionsPerQuiz: 10,
  plays: 100_000,
};

export type BenchDataResult = {
  run: string;
  counts: Record<string, number>;
  steps: Record<string, number>;
  seconds: number;
};

export async function generateBenchData(
  db: Db,
  sizes: BenchSizes,
  log: (line: string) => void = () => {},
): Promise<BenchDataResult> {
  const run = randomBytes(3).toString("hex");
  const prefix = `bench-${run}-`;
  const like = `${prefix}%`;
  const steps: Record<string, number> = {};
  const started = performance.now();
  const step = async (name: string, query: ReturnType<typeof sql>) => {
    const t = performance.now();
    await db.execute(query);
    steps[name] = Math.round(performance.now() - t);
    log(`${name.padEnd(28)} ${(steps[name] / 1000).toFixed(1).padStart(6)} s`);
  };

  await step(
    "events",
    sql`insert into events (title, slug, description, location_name, location_address, street_address, city,
          start_time, tags, recurrence, schedules, max_persons_per_team, created_at, updated_at,
          entry_fee, booking, difficulty, language, wheelchair_accessible)
        select 'Benchquiz ' || g, ${prefix} || g, 'Quiz nummer ' || g || ' på Benchkrogen.',
          'Benchkrogen ' || g, 'Benchgatan ' || g, 'Benchgatan ' || g,
          (array['Göteborg','Stockholm','Malmö'])[1 + g % 3],
          date_trunc('day', now()) + (g % 7) * interval '1 day' + interval '19 hours',
          -- A street and a share of music quizzes, as the search reads both.
          case when g % 4 = 0 then array['Quiz', 'MusikQuiz'] else array['Quiz'] end, 'weekly',
          jsonb_build_array(jsonb_build_object(
            'weekday', (array['Måndag','Tisdag','Onsdag','Torsdag','Fredag','Lördag','Söndag'])[1 + g % 7],
            'time', '19:00')),
          6, now() - (g % 90) * interval '1 day', now(),
          -- Facts for a share of events (decision 041): about 40 % name a fee, fewer the rest.
          case when g % 5 < 2 then (array[0, 0, 30, 40, 50, 60])[1 + g % 6] end,
          case when g % 4 = 0 then (array['none','recommended','required'])[1 + g % 3] end,
          case when g % 3 = 0 then (array['easy','medium','hard'])[1 + (g / 3) % 3] end,
          case when g % 6 < 2 then (array['sv','en'])[1 + g % 2] end,
          case when g % 8 = 0 then true when g % 8 = 1 then false end
        from generate_series(1, ${sizes.events}::int) g`,
  );

  // power(random(), 3) skews clicks towards the first events, as a few popular quizzes dominate.
  await step(
    "beer_clicks",
    sql`insert into beer_clicks (event_id, user_identifier, clicked_at)
        select e.ids[1 + floor(power(random(), 3) * e.n)::int],
          ${prefix} || 'v' || (g % ${sizes.beerVisitors}::int),
          now() - random() * (${sizes.days}::int * interval '1 day')
        from generate_series(1, ${sizes.beerClicks}::int) g,
          (select array_agg(id order by slug) ids, count(*)::int n from events where slug like ${like}) e`,
  );
  // The activity report's roll-ups, as recordBeers keeps them click by click.
  await step(
    "beer_click_hours",
    sql`insert into beer_click_hours (event_id, start, clicks, first_at, last_at)
        select event_id, date_trunc('hour', clicked_at, 'UTC'), count(*)::int, min(clicked_at), max(clicked_at)
        from beer_clicks where user_identifier like ${like}
        group by 2, 1 order by 2, 1`,
  );
  await step(
    "beer_click_days",
    sql`insert into beer_click_days (event_id, start, clicks, first_at, last_at)
        select h.event_id, date_trunc('day', h.start, 'UTC'), sum(h.clicks)::int, min(h.first_at), max(h.last_at)
        from beer_click_hours h join events e on e.id = h.event_id
        where e.slug like ${like}
        group by 2, 1 order by 2, 1`,
  );
  await step(
    "event_beer_interactions",
    sql`insert into event_beer_interactions (event_id, user_identifier, last_beer_time)
        select event_id, user_identifier, max(clicked_at) from beer_clicks
        where user_identifier like ${like} group by event_id, user_identifier`,
  );
  await step(
    "events.beer_counter",
    sql`update events e set beer_counter = c.n
        from (select event_id, count(*)::int n from beer_clicks where user_identifier like ${like} group by 1) c
        where e.id = c.event_id`,
  );

  await step(
    "quizzes",
    sql`insert into quizzes (title, title_slug, description, category, difficulty, is_active, created_at, updated_at)
        select 'Benchquiz ' || g, ${prefix} || g, 'Tio frågor om allt möjligt.',
          (array['NutidsQuiz','AllmänQuiz','SportQuiz','MusikQuiz','FilmQuiz'])[1 + g % 5],
          (array['easy','medium','hard'])[1 + g % 3], true,
          now() - g * interval '7 days', now()
        from generate_series(1, ${sizes.quizzes}::int) g`,
  );
  await step(
    "quiz_questions",
    sql`insert into quiz_questions (quiz_id, question_text, question_order)
        select q.id, 'Fråga ' || n || ' i ' || q.title || '?', n
        from quizzes q, generate_series(1, ${sizes.questionsPerQuiz}::int) n
        where q.title_slug like ${like}`,
  );
  await step(
    "quiz_options",
    sql`insert into quiz_options (question_id, option_text, is_correct, option_order)
        select qq.id, 'Svar ' || chr(64 + o), o = 1 + qq.question_order % 4, o
        from quiz_questions qq join quizzes q on q.id = qq.quiz_id, generate_series(1, 4) o
        where q.title_slug like ${like}`,
  );
  await step(
    "quiz_plays",
    sql`insert into quiz_plays (quiz_id, visitor_id, started_at, finished_at, score, question_count, answered, counted)
        select x.ids[1 + floor(power(random(), 2) * x.n)::int], ${prefix} || 'p' || g, s.t,
          s.t + interval '3 minutes', 0, ${sizes.questionsPerQuiz}::int, ${sizes.questionsPerQuiz}::int, true
        from generate_series(1, ${sizes.plays}::int) g,
          lateral (select now() - random() * (${sizes.days}::int * interval '1 day') + g * interval '0' t) s,
          (select array_agg(id order by title_slug) ids, count(*)::int n from quizzes where title_slug like ${like}) x`,
  );
  // The chosen option is a hash of (play, question): deterministic per pair, spread over all four.
  await step(
    "quiz_answers",
    sql`insert into quiz_answers (play_id, question_id, option_id, is_correct, answered_at)
        select p.id, qq.id, o.id, o.is_correct, p.started_at + qq.question_order * interval '15 seconds'
        from quiz_plays p
        join quiz_questions qq on qq.quiz_id = p.quiz_id
        join quiz_options o on o.question_id = qq.id
          and o.option_order = 1 + abs(hashtext(p.id::text || qq.id::text)) % 4
        where p.visitor_id like ${like}`,
  );
  await step(
    "quiz_plays.score",
    sql`update quiz_plays p set score = a.n
        from (select a.play_id, (count(*) filter (where a.is_correct))::int n
              from quiz_answers a join quiz_plays p2 on p2.id = a.play_id
              where p2.visitor_id like ${like} group by a.play_id) a
        where p.id = a.play_id`,
  );
  // Every generated play is counted: its answers go into the options' tallies, as finishing a play does.
  await step(
    "quiz_option_tallies",
    sql`insert into quiz_option_tallies (option_id, answers)
        select a.option_id, count(*)::int
        from quiz_answers a join quiz_plays p on p.id = a.play_id
        where p.visitor_id like ${like} and p.counted
        group by a.option_id
        on conflict (option_id) do update set answers = quiz_option_tallies.answers + excluded.answers`,
  );
  // And into their quizzes' counted plays per score, as finishing a play does.
  await step(
    "quiz_score_counts",
    sql`insert into quiz_score_counts (quiz_id, score, plays)
        select quiz_id, score, count(*)::int from quiz_plays
        where visitor_id like ${like} and counted
        group by quiz_id, score
        on conflict (quiz_id, score) do update set plays = quiz_score_counts.plays + excluded.plays`,
  );
  // VACUUM sets the visibility map as autovacuum would in production, so index-only scans are possible.
  await step("vacuum analyze", sql`vacuum analyze`);

  const counts: Record<string, number> = {};
  for (const table of [
    "events",
    "beer_clicks",
    "beer_click_hours",
    "beer_click_days",
    "event_beer_interactions",
    "quizzes",
    "quiz_questions",
    "quiz_options",
    "quiz_plays",
    "quiz_answers",
    "quiz_option_tallies",
    "quiz_score_counts",
  ]) {
    const [row] = await queryRows<{ n: number }>(db, sql.raw(`select count(*)::int as n from "${table}"`));
    counts[table] = Number(row?.n ?? 0);
  }
  return { run, counts, steps, seconds: Math.round(performance.now() - started) / 1000 };
}
