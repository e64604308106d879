// npm run bench:scale: times the admin beer-activity report (1 h, 6 h, 168 h windows) over the benchmark's
// million beer clicks and the quiz results page over its 100,000 plays, on the configured database, and
// keeps the EXPLAIN ANALYZE plan of every statement they run. Run `npm run bench:data` first.
// Target: ≤ 100 ms on PostgreSQL.
//
// The figures are the page functions themselves (getBeerActivity, getQuizResults), called as their loaders
// call them. Their statements are recorded through a logging copy of the database handle and explained one
// by one with their own parameters, so the plans are those of the code, not of a stand-in.
import { sql } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import * as schema from "../app/db/schema";
import { getBeerActivity } from "../app/features/beer-activity/beer-activity.server";
import { getQuizResults } from "../app/features/play/quiz-results.server";
import { type Db, type DbHandle, onlyRow, queryRows } from "../app/lib/db.server";
import { fail, openCliDatabase } from "../scripts/lib/cli-db";
import { printLine, writeResult } from "./lib/report";
import { percentile } from "./lib/stats";

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const TARGET_MS = 100;
const BIG_TABLES = /Seq Scan on (beer_clicks|beer_click_hours|beer_click_days|quiz_plays|quiz_answers)\b/;

type Statement = { sql: string; params: unknown[] };

/** The same connection, with every statement recorded; `explain` runs one with its own parameters. */
function recordingDb(handle: DbHandle) {
  const statements: Statement[] = [];
  const logger = { logQuery: (query: string, params: unknown[]) => statements.push({ sql: query, params }) };
  const client = (handle.db as unknown as { $client: unknown }).$client;
  const db = (handle.kind === "pglite"
    ? drizzlePglite({ client: client as never, schema, logger })
    : drizzlePostgres({ client: client as never, schema, logger })) as unknown as Db;
  const explain = async (s: Statement): Promise<string[]> => {
    const text = `explain (analyze, buffers) ${s.sql}`;
    if (handle.kind === "pglite") {
      const c = client as {
        query: (q: string, p: unknown[]) => Promise<{ rows: { "QUERY PLAN": string }[] }>;
      };
      return (await c.query(text, s.params)).rows.map((r) => r["QUERY PLAN"]);
    }
    const c = client as { unsafe: (q: string, p: unknown[]) => Promise<{ "QUERY PLAN": string }[]> };
    return (await c.unsafe(text, s.params as never)).map((r) => r["QUERY PLAN"]);
  };
  return { db, statements, explain };
}

const round = (ms: number) => Math.round(ms * 10) / 10;

// The server's pool (openDatabase's default of 10), so a page's statements run side by side as they do there.
const handle = await openCliDatabase({ maxConnections: 10 });
const db = handle.db;
try {
  const countRows = await queryRows<{ clicks: number; plays: number }>(
    db,
    sql`select (select count(*) from beer_clicks)::int as clicks, (select count(*) from quiz_plays)::int as plays`,
  );
  const counts = onlyRow(countRows);
  if (counts.clicks < 100_000) fail("Too little data: run `npm run bench:data` first.");
  // The busiest quiz is the worst case for the results page.
  const [busiest] = await queryRows<{ id: string; plays: number }>(
    db,
    sql`select quiz_id as id, count(*)::int as plays from quiz_plays group by quiz_id order by 2 desc limit 1`,
  );
  if (!busiest) fail("No quiz plays: run `npm run bench:data` first.");
  printLine("scale", {
    db: handle.kind,
    beer_clicks: counts.clicks,
    quiz_plays: counts.plays,
    busiest_quiz_plays: busiest.plays,
  });

  // The page functions as the loaders call them: the summary view, and the detailed view that also lists
  // the newest 10,000 clicks.
  const pages: Record<string, (db: Db) => Promise<unknown>> = {};
  for (const hours of [1, 6, 168]) {
    pages[`beer-activity-${hours}h`] = (d) => getBeerActivity(d, hours, { withDetails: false });
    pages[`beer-activity-${hours}h-detailed`] = (d) => getBeerActivity(d, hours, { withDetails: true });
  }
  pages["quiz-results"] = (d) => getQuizResults(d, busiest.id);

  const results: Record<string, unknown> = {};
  for (const [name, call] of Object.entries(pages)) {
    await call(db); // warm the cache: the admin pages are read repeatedly
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      await call(db);
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const recorder = recordingDb(handle);
    await call(recorder.db);
    const statements = [];
    for (const s of recorder.statements) {
      const plan = await recorder.explain(s);
      const executionMs = Number(plan.find((l) => l.startsWith("Execution Time"))?.match(/[\d.]+/)?.[0]);
      statements.push({ sql: s.sql, params: s.params, executionMs, plan });
    }
    const seqScans = statements.reduce((n, s) => n + s.plan.filter((l) => BIG_TABLES.test(l)).length, 0);
    const median = round(percentile(times, 50));
    const worst = round(percentile(times, 100));
    results[name] = {
      medianMs: median,
      maxMs: worst,
      runs: RUNS,
      targetMs: TARGET_MS,
      seqScansOnBigTables: seqScans,
      statements,
    };
    printLine(`scale ${name}`, {
      median_ms: median,
      max_ms: worst,
      target_ms: TARGET_MS,
      ratio: Math.round((median / TARGET_MS) * 100) / 100,
      ok: median <= TARGET_MS ? "yes" : "no",
      big_seq_scans: seqScans,
      statements: statements.length,
      slowest_statement_ms: round(Math.max(...statements.map((s) => s.executionMs))),
    });
  }
  writeResult(`scale-${handle.kind}`, { db: handle.kind, counts, busiestQuiz: busiest, results });
} catch (error) {
  await handle.close();
  fail(`bench:scale failed: ${(error as Error).message}`);
}
await handle.close();
