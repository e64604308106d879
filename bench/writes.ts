// npm run bench:writes: skåla and quiz answers under 50 concurrent connections (BENCH_CONNECTIONS) for
// BENCH_SECONDS (10) each, on the configured database (PGlite in DATA_DIR, or PostgreSQL at DATABASE_URL).
// Every request comes from a new visitor id, so each acknowledged (2xx) request must have written exactly
// one row: after the run the rows in the database are counted and compared with the acknowledgements.
//
// The server trusts the loopback proxy here (TRUST_PROXY=loopback) and every request carries its own address, as when
// many phones hit the site at once: the per-IP rate limits apply per simulated client, not to the bench.
// Quiz answers need a started play: the bench starts BENCH_PLAYS plays first (not timed) and then answers
// their questions, one (play, question) pair per request.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import { queryRows } from "../app/lib/db.server";
import { fail, openCliDatabase } from "../scripts/lib/cli-db";
import { printLine, writeResult } from "./lib/report";
import { startTarget } from "./lib/target";

type Ids = { eventId: string; quizId: string; questionId: string; optionId: string };
type Slot = Record<string, string> & { questionId: string };

export type WriteTarget = {
  name: string;
  method: "POST" | "PUT";
  /** Placeholders: {eventId} {quizId} {questionId} {optionId} {visitorId}. */
  path: string;
  body: Record<string, string>;
  /** Counts the rows this run wrote; :prefix is the run's visitor-id prefix (a LIKE pattern). */
  countSql: string;
  /** Requests fill {playId} {visitorId} {questionId} {optionId} from plays started before the run. */
  usesPlays?: boolean;
};

const WRITE_TARGETS: WriteTarget[] = [
  {
    name: "skala",
    method: "POST",
    path: "/api/events/{eventId}/beer",
    body: { visitorId: "{visitorId}" },
    countSql: "select count(*)::int as n from beer_clicks where user_identifier like :prefix",
  },
  {
    name: "quiz-answer",
    method: "POST",
    path: "/api/quiz-plays/{playId}/answers",
    body: { visitorId: "{visitorId}", questionId: "{questionId}", optionId: "{optionId}" },
    usesPlays: true,
    countSql:
      "select count(*)::int as n from quiz_answers a join quiz_plays p on p.id = a.play_id where p.visitor_id like :prefix",
  },
];

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PLAYS = Number(process.env.BENCH_PLAYS ?? 1500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const targets: WriteTarget[] = process.env.BENCH_WRITES_FILE
  ? JSON.parse(fs.readFileSync(process.env.BENCH_WRITES_FILE, "utf8"))
  : WRITE_TARGETS;

function fill(template: string, values: Record<string, string>) {
  return template.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? `{${k}}`);
}

async function withDb<T>(fn: (db: Awaited<ReturnType<typeof openCliDatabase>>) => Promise<T>): Promise<T> {
  const handle = await openCliDatabase();
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
          q.quiz_id::text as "quizId", q.id::text as "questionId", o.id::text as "optionId"
        from quiz_questions q join quiz_options o on o.question_id = q.id
        join quizzes z on z.id = q.quiz_id and z.is_active
        order by z.created_at desc, q.question_order, o.option_order limit 1`,
  );
  if (!row?.eventId) fail("No events or quizzes: run `npm run bench:data` (or seed) first.");
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

/** Starts PLAYS plays of the quiz (not timed) and returns one slot per (play, question). */
async function startPlays(baseUrl: string, prefix: string): Promise<Slot[]> {
  const slots: Slot[] = [];
  let next = 0;
  async function worker() {
    while (next < PLAYS) {
      const i = next++;
      const visitorId = `${prefix}${i}`;
      const res = await fetch(`${baseUrl}/api/quiz-plays`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: baseUrl, "x-forwarded-for": clientAddress(i) },
        body: JSON.stringify({ quizId: ids.quizId, visitorId }),
      });
      if (!res.ok) throw new Error(`starting a play answered ${res.status}: ${await res.text()}`);
      const { playId } = (await res.json()) as { playId: string };
      for (const q of questions) slots.push({ ...ids, ...q, playId, visitorId, client: clientAddress(i) });
    }
  }
  await Promise.all(Array.from({ length: 10 }, worker));
  // Interleave plays so concurrent requests rarely touch the same play.
  return slots.sort((a, b) => a.questionId.localeCompare(b.questionId));
}

/** A distinct client address per simulated visitor (10.x.y.z). */
function clientAddress(i: number) {
  return `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
}

const results = [];
for (const t of targets) {
  const prefix = `bw-${randomBytes(3).toString("hex")}-`;
  const before = await count(t.countSql, prefix);
  const target = await startTarget({ TRUST_PROXY: "loopback" });
  const slots = t.usesPlays ? await startPlays(target.baseUrl, prefix) : [];
  let n = 0;
  let acknowledged = 0;
  const statuses: Record<string, number> = {};
  let result: Awaited<ReturnType<typeof autocannon>>;
  try {
    result = await autocannon({
      url: target.baseUrl,
      connections: CONNECTIONS,
      duration: SECONDS,
      requests: [
        {
          method: t.method,
          headers: { "content-type": "application/json", origin: target.baseUrl },
          setupRequest: (req) => {
            const i = n++;
            const values: Slot = t.usesPlays
              ? (slots[i] ?? { ...ids, playId: "00000000-0000-0000-0000-000000000000", visitorId: "slut" })
              : { ...ids, visitorId: `${prefix}${i}`, client: clientAddress(i) };
            return {
              ...req,
              path: fill(t.path, values),
              body: fill(JSON.stringify(t.body), values),
              headers: { ...req.headers, "x-forwarded-for": values.client ?? "10.255.255.255" },
            };
          },
          onResponse: (status) => {
            statuses[status] = (statuses[status] ?? 0) + 1;
            if (status >= 200 && status < 300) acknowledged += 1;
          },
        },
      ],
    });
  } finally {
    // The server stops before counting: PGlite is single-process, and every acknowledged write is committed.
    await target.stop();
  }
  const stored = (await count(t.countSql, prefix)) - before;
  const figures = {
    db: ids.kind,
    connections: CONNECTIONS,
    seconds: SECONDS,
    req_s: Math.round(result.requests.average),
    p99_ms: result.latency.p99,
    acknowledged,
    stored,
    // autocannon stops with up to one request per connection in flight: those are written but never
    // counted as acknowledged. No acknowledged write may be missing.
    in_flight_at_stop: stored - acknowledged,
    every_ack_stored: stored >= acknowledged && stored - acknowledged <= CONNECTIONS ? "yes" : "no",
    statuses: Object.entries(statuses)
      .map(([k, v]) => `${k}:${v}`)
      .join(","),
  };
  printLine(`writes ${t.name}`, figures);
  results.push({ target: t, ...figures, errors: result.errors, timeouts: result.timeouts });
}
writeResult(`writes-${ids.kind}`, { results });
