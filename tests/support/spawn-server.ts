import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";

/**
 * A production server of its own, for the tests that crash it, overload it or restart it (they must not
 * disturb the shared e2e server). Needs `npm run build` first.
 */
export type SpawnedServer = {
  baseUrl: string;
  port: number;
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

export function tempDataDir(prefix: string) {
  return fs.mkdtempSync(path.join(os.tmpdir(), `quizkvall-${prefix}-`));
}

export async function spawnServer(env: Record<string, string>, port?: number): Promise<SpawnedServer> {
  const p = port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${p}`;
  let output = "";
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(p),
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: "warn",
      BEER_JOB_CRON: "off",
      QUIZ_JOB_CRON: "off",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (c) => {
    output += c;
  });
  child.stderr?.on("data", (c) => {
    output += c;
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`server exited early:\n${output}`);
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not become ready:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { baseUrl, port: p, child, output: () => output, exited };
}

export async function stopServer(server: SpawnedServer | undefined) {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill("SIGTERM");
  await server.exited;
}

/** A fresh database on the PostgreSQL server at TEST_DATABASE_URL, dropped by the returned function. */
export async function createPostgresDatabase(serverUrl: string) {
  const name = `qk_proc_${randomBytes(6).toString("hex")}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
