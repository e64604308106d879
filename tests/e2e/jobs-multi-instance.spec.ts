import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import { BEER_JOB_NAME, incrementEventBeers } from "~/features/beer-activity/beer-increment.server";
import { createEvent } from "~/features/events/events.server";
import { startScheduler } from "~/features/jobs/job-runner.server";
import { type Db, onlyRow, openDatabase, queryRows } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { buildEventInput } from "../support/factories";

/**
 * The beer job on a per-second schedule in two instances sharing one database: every slot runs exactly
 * once (one job_runs row per slot) and the beer totals equal what the recorded runs added.
 */
const SERVER_URL = process.env.TEST_DATABASE_URL;
const EVERY_2_SECONDS = "*/2 * * * * *";
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

type RunRow = {
  slot: string;
  claimed_by: string;
  status: string;
  result: { added: number; updated: number };
};

async function jobRows(db: Db) {
  return queryRows<RunRow>(
    db,
    sql`select slot, claimed_by, status, result from job_runs where job = ${BEER_JOB_NAME} order by slot`,
  );
}

async function beerTotal(db: Db) {
  const rows = await queryRows<{ total: string | number }>(
    db,
    sql`select coalesce(sum(beer_counter), 0) as total from events`,
  );
  return Number(onlyRow(rows).total);
}

/** Each slot once, consecutive slots 2 s apart (no slot lost), and the beers add up. */
async function expectEachSlotOnce(db: Db, eventCount: number) {
  const rows = await jobRows(db);
  expect(rows.length).toBeGreaterThanOrEqual(2);
  expect(new Set(rows.map((r) => r.slot)).size).toBe(rows.length);
  const times = rows.map((r) => Date.parse(r.slot));
  for (const t of times) expect(new Date(t).getUTCSeconds() % 2).toBe(0);
  for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBe(2000);
  for (const r of rows) {
    expect(r.status).toBe("succeeded");
    expect(r.result.updated).toBe(eventCount);
  }
  expect(await beerTotal(db)).toBe(rows.reduce((s, r) => s + r.result.added, 0));
  return rows;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

function startApp(env: Record<string, string>) {
  let output = "";
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (c) => {
    output += c;
  });
  child.stderr?.on("data", (c) => {
    output += c;
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitReady(port: number, app: ReturnType<typeof startApp>) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (app.child.exitCode !== null) throw new Error(app.output());
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`not ready: ${app.output()}`);
}

const jobLines = (output: string) =>
  output
    .split("\n")
    .filter((l) => l.includes(`"job":"${BEER_JOB_NAME}"`))
    .map((l) => JSON.parse(l) as { msg: string; slot: string });

/** Slots run to completion so far. */
async function succeededRuns(db: Db) {
  return (await jobRows(db)).filter((r) => r.status === "succeeded").length;
}

describe.skipIf(!SERVER_URL)(
  `beer job across two app processes on one PostgreSQL database${SERVER_URL ? "" : " (SKIPPED: TEST_DATABASE_URL is not set)"}`,
  () => {
    it("runs each per-second slot once", { timeout: 120_000 }, async () => {
      const name = `qk_jobs_${randomBytes(5).toString("hex")}`;
      const admin = postgres(SERVER_URL!, { max: 1, onnotice: () => {} });
      await admin.unsafe(`create database ${name}`);
      const url = new URL(SERVER_URL!);
      url.pathname = `/${name}`;
      const apps: ReturnType<typeof startApp>[] = [];
      try {
        const common = {
          DATABASE_URL: url.toString(),
          AUTH_SECRET: "x".repeat(40),
          LOG_LEVEL: "debug",
          BEER_JOB_CRON: EVERY_2_SECONDS,
          QUIZ_JOB_CRON: "off",
        };
        // The events exist before either process starts, so every run sees the same three.
        const handle = await openDatabase({ kind: "postgres", url: url.toString(), maxConnections: 2 });
        try {
          for (let i = 0; i < 3; i++) await createEvent(handle.db, buildEventInput());
          // One after the other: the first-run admin creation on an empty database is not safe to race.
          for (let i = 0; i < 2; i++) {
            const port = await freePort();
            const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "quizkvall-jobs-"));
            dirs.push(dataDir);
            const app = startApp({ ...common, PORT: String(port), DATA_DIR: dataDir });
            apps.push(app);
            await waitReady(port, app);
          }
          // Until both processes have fired for two slots and three have run (about 6 s on the schedule).
          const completeJobLines = (a: ReturnType<typeof startApp>) =>
            jobLines(a.output().slice(0, a.output().lastIndexOf("\n") + 1));
          await expect
            .poll(() => apps.every((a) => completeJobLines(a).length >= 2), { timeout: 30_000 })
            .toBe(true);
          await expect.poll(() => succeededRuns(handle.db), { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
          for (const app of apps) app.child.kill("SIGTERM");
          await Promise.all(apps.map((a) => a.exited));

          const rows = await expectEachSlotOnce(handle.db, 3);
          // Both processes fired for the slots: each logged runs it won or slots the other had claimed.
          const lines = apps.map((a) => jobLines(a.output()));
          for (const own of lines) expect(own.length).toBeGreaterThanOrEqual(2);
          const counted = new Set(rows.map((r) => r.slot));
          const won = lines.flat().filter((l) => l.msg === "job ran" && counted.has(l.slot));
          expect(won).toHaveLength(rows.length);
          const lost = lines.flat().filter((l) => l.msg.startsWith("job slot claimed by another"));
          expect(lost.length).toBeGreaterThan(0);
        } finally {
          await handle.close();
        }
      } finally {
        for (const app of apps) if (app.child.exitCode === null) app.child.kill("SIGKILL");
        await admin.unsafe(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    });
  },
);

describe("beer job in two in-process schedulers on one PGlite database", () => {
  it("runs each per-second slot once", { timeout: 60_000 }, async () => {
    const handle = await openDatabase({ kind: "pglite" });
    try {
      for (let i = 0; i < 3; i++) await createEvent(handle.db, buildEventInput());
      const quiet = logger.child({}, { level: "silent" });
      const jobs = [{ name: BEER_JOB_NAME, cron: EVERY_2_SECONDS, run: (db: Db) => incrementEventBeers(db) }];
      const stops = [startScheduler(handle.db, jobs, quiet), startScheduler(handle.db, jobs, quiet)];
      await expect.poll(() => succeededRuns(handle.db), { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
      // Stopping waits for a run that had just started.
      await Promise.all(stops.map((stop) => stop()));
      await expectEachSlotOnce(handle.db, 3);
    } finally {
      await handle.close();
    }
  });
});
