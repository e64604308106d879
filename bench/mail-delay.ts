// npm run bench:mail: how long a mail waits in the outbox, from the moment it is queued (its row's
// created_at) to the moment a real SMTP server (smtp-server, started here) has it. The production build
// runs with SMTP_URL pointing at that server, TRUST_PROXY=loopback and a new client address per request.
// Two phases:
// - quiet: BENCH_MAILS (20) sign-ups one after another, 250 ms apart: each queues a welcome mail;
// - outage: the server refuses every connection (421) for BENCH_SMTP_DOWN_SECONDS (20) while a sign-up
//   arrives every second, then accepts again; BENCH_MAILS_AFTER_UP (5) more sign-ups follow at once (0: the
//   site is quiet after the outage, and the waiting mail goes when its next retry comes round).
// - list: as many "Få veckans NutidsQuiz" requests (POST /api/subscriptions), 250 ms apart: each queues a
//   confirmation mail (list mail's double opt-in) in the request's transaction.
// Afterwards every mail of the run must have arrived exactly once (lost=0 doubled=0).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { queryRows } from "../app/lib/db.server";
import { openCliDatabase } from "../scripts/lib/cli-db";
import { startSmtpPeer } from "../tests/support/smtp-peer";
import { printLine, writeResult } from "./lib/report";
import { startTarget } from "./lib/target";

const MAILS = Number(process.env.BENCH_MAILS ?? 20);
const DOWN_SECONDS = Number(process.env.BENCH_SMTP_DOWN_SECONDS ?? 20);
const MAILS_AFTER_UP = Number(process.env.BENCH_MAILS_AFTER_UP ?? 5);
const RUN = Date.now().toString(36);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// The server must send to the SMTP server started here: a running one (BENCH_URL) cannot be measured.
delete process.env.BENCH_URL;
if (!process.env.DATABASE_URL) {
  process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "quizkvall-bench-mail-"));
}

const smtp = await startSmtpPeer();
const target = await startTarget({ SMTP_URL: smtp.url, TRUST_PROXY: "loopback", SEED_DEMO: "false" });

let client = 0;
/** A POST from a new client address that must be answered `expected`. */
async function post(pathname: string, body: object, expected: number) {
  client++;
  const response = await fetch(`${target.baseUrl}${pathname}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: target.baseUrl,
      "x-forwarded-for": `198.18.${Math.floor(client / 250)}.${(client % 250) + 1}`,
    },
    body: JSON.stringify(body),
  });
  if (response.status !== expected)
    throw new Error(`POST ${pathname} answered ${response.status}: ${await response.text()}`);
}

async function signUp(phase: string, i: number): Promise<string> {
  const email = `bench-${RUN}-${phase}-${i}@example.se`;
  await post("/api/auth/sign-up/email", { email, password: "bench-losen-123", name: "Bench" }, 200);
  return email;
}

async function allArrived(addresses: string[], timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  const arrived = () => addresses.every((a) => smtp.received.some((m) => m.to.includes(a)));
  while (!arrived()) {
    if (Date.now() > deadline) throw new Error("not every mail arrived in time");
    await sleep(50);
  }
}

const quiet: string[] = [];
for (let i = 0; i < MAILS; i++) {
  quiet.push(await signUp("quiet", i));
  await sleep(250);
}
await allArrived(quiet, 30_000);

async function subscribe(i: number): Promise<string> {
  const email = `bench-${RUN}-list-${i}@example.se`;
  await post("/api/subscriptions", { email, topic: "nutidsquiz" }, 202);
  return email;
}

const list: string[] = [];
for (let i = 0; i < MAILS; i++) {
  list.push(await subscribe(i));
  await sleep(250);
}
await allArrived(list, 30_000);

const outage: string[] = [];
smtp.refuseConnections(Number.POSITIVE_INFINITY);
const downAt = Date.now();
for (let i = 0; Date.now() - downAt < DOWN_SECONDS * 1000; i++) {
  outage.push(await signUp("outage", i));
  await sleep(1000);
}
smtp.refuseConnections(0);
const upAt = Date.now();
for (let i = 0; i < MAILS_AFTER_UP; i++) {
  outage.push(await signUp("after", i));
  await sleep(250);
}
await allArrived(outage, 15 * 60_000);
const lastArrival = Math.max(...smtp.received.map((m) => m.at));
await target.stop();
await smtp.close();

const handle = await openCliDatabase();
const rows = await queryRows<{ recipient: string; message_id: string; created_at: string; attempts: number }>(
  handle.db,
  sql`select recipient, message_id, created_at, attempts from mail_outbox where recipient like ${`bench-${RUN}-%`}`,
);
await handle.close();

function figures(addresses: string[]) {
  const delays: number[] = [];
  let lost = 0;
  let doubled = 0;
  let attempts = 0;
  for (const address of addresses) {
    const row = rows.find((r) => r.recipient === address);
    const copies = smtp.received.filter((m) => row && m.messageId === row.message_id);
    if (!row || copies.length === 0) lost++;
    if (copies.length > 1) doubled += copies.length - 1;
    if (row && copies[0]) delays.push(copies[0].at - new Date(row.created_at).getTime());
    attempts = Math.max(attempts, row?.attempts ?? 0);
  }
  delays.sort((a, b) => a - b);
  const pick = (q: number) => delays[Math.min(delays.length - 1, Math.floor(q * delays.length))] ?? 0;
  return {
    n: addresses.length,
    p50_ms: pick(0.5),
    p95_ms: pick(0.95),
    max_ms: pick(1),
    max_attempts: attempts,
    lost,
    doubled,
  };
}

const results = {
  quiet: figures(quiet),
  list: figures(list),
  outage: {
    down_s: DOWN_SECONDS,
    mails_after_up: MAILS_AFTER_UP,
    ...figures(outage),
    last_after_up_ms: lastArrival - upAt,
  },
};
printLine("mail-delay phase=quiet", results.quiet);
printLine("mail-delay phase=list", results.list);
printLine("mail-delay phase=outage", results.outage);
writeResult("mail-delay", results);
if (
  results.quiet.lost +
    results.quiet.doubled +
    results.list.lost +
    results.list.doubled +
    results.outage.lost +
    results.outage.doubled >
  0
)
  process.exit(1);
