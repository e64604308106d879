// npm run bench:writes: skåla and quiz answers under 50 concurrent connections (BENCH_CONNECTIONS) for
// BENCH_SECONDS (10) each, on the configured database (PGlite in DATA_DIR, or PostgreSQL at DATABASE_URL).
// Every request comes from a new visitor id, so each acknowledged (2xx) request must have written exactly
// one row: after the run the rows in the database are counted and compared with the acknowledgements.
//
// Three figures per target, in one run:
// - app: wrk (one thread, a Lua script giving each request its own visitor, address and play) against the
//   production server;
// - bare: the same wrk script against a bare Node server answering the app's recorded response, which shows
//   what the load generator reaches on this machine (it must be far above the app's rate);
// - limit: the same write paths (the batchers over recordBeers and writeAnswers) called directly on
//   the database by BENCH_CONNECTIONS concurrent callers, without HTTP or the app: what the database allows
//   for exactly these statements. `ratio` = app / limit.
//
// The server trusts the loopback proxy here (TRUST_PROXY=loopback) and every request carries its own address, as when
// many phones hit the site at once: the per-IP rate limits apply per simulated client, not to the bench.
// Quiz answers need a started play: the bench starts BENCH_PLAYS plays first (not timed) and then answers
// their questions, one (play, question) pair per request.

import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { recordBeerWithOthers } from "../app/features/beers/beer-batcher.server";
import { startBeerFlusher } from "../app/features/beers/beer-flush.server";
import { BEER_REQUEST_LIMIT } from "../app/features/beers/beer-rules";
import { answerWithOthers } from "../app/features/play/answer-batcher.server";
import { playRequestBudget } from "../app/features/play/play-api.server";
import { startPlay } from "../app/features/play/start-play.server";
import { queryRows } from "../app/lib/db.server";
import { fail, openCliDatabase } from "../scripts/lib/cli-db";
import { type RecordedResponse, startBareServer } from "./lib/bare";
import { printLine, writeResult } from "./lib/report";
import { startTarget } from "./lib/target";
import { ensureWrk } from "./lib/wrk";
import { runWrkLines, type Slot } from "./lib/wrk-lines";

type Ids = { eventId: string; quizId: string };

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PLAYS = Number(process.env.BENCH_PLAYS ?? 1500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** An unmeasured run first, with visitors of its own: the server's code and plans warm, as on a live site. */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
/** Skåla lines written for wrk: more than the app answers in BENCH_SECONDS, so every request is a new visitor. */
const SKALA_LINES = Number(process.env.BENCH_SKALA_LINES ?? 200_000);
const ONLY = process.env.BENCH_WRITES_ONLY?.split(",");
const wrk = ensureWrk();
const work = fs.mkdtempSync(path.join(os.tmpdir(), "quizkvall-writes-"));
const wrkRun = { wrk, work, connections: CONNECTIONS, seconds: SECONDS };

async function withDb<T>(
  fn: (db: Awaited<ReturnType<typeof openCliDatabase>>) => Promise<T>,
  maxConnections?: number,
): Promise<T> {
  const handle = await openCliDatabase({ maxConnections });
  try {
    return await fn(handle);
  } finally {
    await handle.close();
  }
}

async function count(countSql: string, prefix: string) {
  return withDb(async (h) => {
    const [row] = await queryRows<{ n: number }>(
      h.db,
      sql.raw(countSql.replaceAll(":prefix", `'${prefix}%'`)),
    );
    return Number(row?.n ?? 0);
  });
}

const ids = await withDb(async (h) => {
  const [row] = await queryRows<Ids>(
    h.db,
    sql`select (select id::text from events order by beer_counter desc limit 1) as "eventId",
          (select z.id::text from quizzes z where z.is_active
             and exists (select 1 from quiz_questions q where q.quiz_id = z.id)
           order by z.created_at desc limit 1) as "quizId"`,
  );
  if (!row?.eventId || !row.quizId) fail("No events or quizzes: run `npm run bench:data` (or seed) first.");
  return { ...row, kind: h.kind };
});

const questions = await withDb((h) =>
  queryRows<{ questionId: string; optionId: string }>(
    h.db,
    sql`select q.id::text as "questionId",
          (select o.id::text from quiz_options o where o.question_id = q.id order by o.option_order limit 1) as "optionId"
        from quiz_questions q where q.quiz_id = ${ids.quizId} order by q.question_order`,
  ),
);

/** A distinct client address per simulated visitor (10.x.y.z). */
function clientAddress(i: number) {
  return `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
}

/** Starts PLAYS plays of the quiz over HTTP (not timed); one slot per (play, question), plays interleaved. */
async function startPlays(baseUrl: string, prefix: string, plays = PLAYS): Promise<Slot[]> {
  const slots: (Slot & { order: number })[] = [];
  let next = 0;
  async function worker() {
    while (next < plays) {
      const i = next++;
      const visitorId = `${prefix}${i}`;
      const res = await fetch(`${baseUrl}/api/quiz-plays`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: baseUrl, "x-forwarded-for": clientAddress(i) },
        body: JSON.stringify({ quizId: ids.quizId, visitorId }),
      });
      if (!res.ok) throw new Error(`starting a play answered ${res.status}: ${await res.text()}`);
      const { playId } = (await res.json()) as { playId: string };
      for (const [order, q] of questions.entries()) {
        slots.push({
          order,
          path: `/api/quiz-plays/${playId}/answers`,
          body: JSON.stringify({ visitorId, questionId: q.questionId, optionId: q.optionId }),
          client: clientAddress(i),
        });
      }
    }
  }
  await Promise.all(Array.from({ length: 10 }, worker));
  // Every play's first question, then every play's second…: concurrent requests rarely touch one play.
  return slots.sort((a, b) => a.order - b.order);
}

function skalaSlots(prefix: string): Slot[] {
  return Array.from({ length: SKALA_LINES }, (_, i) => ({
    path: `/api/events/${ids.eventId}/beer`,
    body: JSON.stringify({ visitorId: `${prefix}${i}` }),
    client: clientAddress(i),
  }));
}

/** The same write function called directly by CONNECTIONS concurrent callers for SECONDS: the database's limit. */
async function directLimit(name: string, prefix: string) {
  return withDb(async (h) => {
    const db = h.db;
    let slots: { playId: string; visitorId: string; questionId: string; optionId: string }[] = [];
    if (name === "quiz-answer") {
      const plays: { visitorId: string; playId: string }[] = [];
      for (let i = 0; i < PLAYS; i++) {
        const visitorId = `${prefix}d${i}`;
        plays.push({ visitorId, ...(await startPlay(db, ids.quizId, visitorId)) });
      }
      slots = questions.flatMap((q) =>
        plays.map((p) => ({ ...q, playId: p.playId, visitorId: p.visitorId })),
      );
    }
    // The write paths as the routes take them: a batcher groups the callers' writes (decision 051).
    let next = 0;
    let done = 0;
    const latencies: number[] = [];
    const deadline = performance.now() + SECONDS * 1000;
    async function caller() {
      while (performance.now() < deadline) {
        const i = next++;
        const started = performance.now();
        if (name === "skala") {
          const r = await recordBeerWithOthers(db, {
            eventId: ids.eventId,
            visitorId: `${prefix}d${i}`,
            clientIp: clientAddress(i),
            requestLimit: BEER_REQUEST_LIMIT,
          });
          if (r.status !== "accepted") throw new Error(`direct skåla ${r.status}`);
        } else {
          const slot = slots[i];
          if (!slot) return;
          // As the route does: the address's request budget counted in the answer's statement.
          const headers = { "x-quizkvall-client-ip": clientAddress(i) };
          const requestLimit = playRequestBudget(new Request("http://bench/", { headers }));
          const answer = { ...slot, clientIp: clientAddress(i), requestLimit };
          await answerWithOthers(db, answer);
        }
        latencies.push(performance.now() - started);
        done += 1;
      }
    }
    const started = performance.now();
    await Promise.all(Array.from({ length: CONNECTIONS }, caller));
    const elapsed = (performance.now() - started) / 1000;
    // A clean shutdown of the flusher flushes every queued click.
    if (name === "skala") await startBeerFlusher(db).stop();
    latencies.sort((a, b) => a - b);
    return {
      req_s: Math.round(done / elapsed),
      p99_ms: Math.round((latencies[Math.floor(latencies.length * 0.99)] ?? 0) * 10) / 10,
    };
  }, CONNECTIONS);
}

const TARGETS = [
  {
    name: "skala",
    countSql: "select count(*)::int as n from beer_clicks where user_identifier like :prefix",
  },
  {
    name: "quiz-answer",
    countSql:
      "select count(*)::int as n from quiz_answers a join quiz_plays p on p.id = a.play_id where p.visitor_id like :prefix",
  },
].filter((t) => !ONLY || ONLY.includes(t.name));

const results = [];
for (const t of TARGETS) {
  const load = () =>
    os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join("/");
  const loadBefore = load();
  const prefix = `bw-${randomBytes(3).toString("hex")}-`;
  const before = await count(t.countSql, prefix);
  const target = await startTarget({ TRUST_PROXY: "loopback" });
  let app: Awaited<ReturnType<typeof runWrkLines>>;
  let recorded: RecordedResponse;
  let slots: Slot[];
  try {
    const all = t.name === "quiz-answer" ? await startPlays(target.baseUrl, prefix) : skalaSlots(prefix);
    // The response the bare server replays: the first write, answered by the app before the run (and
    // counted among the stored rows).
    const first = all[0]!;
    slots = all.slice(1);
    const res = await fetch(`${target.baseUrl}${first.path}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: target.baseUrl,
        "x-forwarded-for": first.client,
      },
      body: first.body,
    });
    if (!res.ok) throw new Error(`the first write answered ${res.status}`);
    const body = Buffer.from(await res.arrayBuffer());
    recorded = {
      status: 200,
      headers: { "content-type": "application/json", "content-length": String(body.length) },
      body,
    };
    if (WARMUP_SECONDS > 0) {
      const warmPrefix = `bw-warm-${randomBytes(3).toString("hex")}-`;
      const warm =
        t.name === "quiz-answer"
          ? await startPlays(target.baseUrl, warmPrefix, Math.ceil(PLAYS / 3))
          : skalaSlots(warmPrefix);
      await runWrkLines(wrkRun, `${target.baseUrl}/`, warm, false, WARMUP_SECONDS);
    }
    app = await runWrkLines(wrkRun, `${target.baseUrl}/`, slots, false);
  } finally {
    // The server stops before counting: PGlite is single-process, and every acknowledged write is committed.
    await target.stop();
  }
  const stored = (await count(t.countSql, prefix)) - before;
  const bareServer = await startBareServer([{ path: "*", response: recorded }]);
  const bare = await runWrkLines(wrkRun, `${bareServer.baseUrl}/`, slots.slice(0, 50_000), true).finally(() =>
    bareServer.stop(),
  );
  const limit = await directLimit(t.name, prefix);
  const figures = {
    db: ids.kind,
    connections: CONNECTIONS,
    seconds: SECONDS,
    req_s: app.reqPerSec,
    p50_ms: app.p50Ms,
    p99_ms: app.p99Ms,
    limit_req_s: limit.req_s,
    limit_p99_ms: limit.p99_ms,
    ratio: Math.round((app.reqPerSec / Math.max(1, limit.req_s)) * 1000) / 1000,
    bare_req_s: bare.reqPerSec,
    acknowledged: app.acked,
    // The write answered before the run (the bare server's recorded response) is stored too.
    stored: stored - 1,
    // wrk stops with up to one request per connection in flight: those are written but never counted as
    // acknowledged. No acknowledged write may be missing.
    in_flight_at_stop: stored - 1 - app.acked,
    every_ack_stored: stored - 1 >= app.acked && stored - 1 - app.acked <= CONNECTIONS ? "yes" : "no",
    statuses: app.statuses,
    socket_errors: app.socketErrors,
    load: `${loadBefore}→${load()}`,
  };
  printLine(`writes ${t.name}`, figures);
  results.push({ target: t, ...figures });
}
fs.rmSync(work, { recursive: true, force: true });
writeResult(`writes-${ids.kind}`, { results });
