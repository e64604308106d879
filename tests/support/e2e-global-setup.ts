import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { chooseAdminPassword } from "./first-admin";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    adminEmail: string;
    adminPassword: string;
    dataDir: string;
  }
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

/**
 * Starts the production build once for the whole e2e suite, on a free port with a fresh data directory
 * (so it is seeded with the demo content), reads the first-run admin's credentials from its output and
 * replaces the one-time password, as the first sign-in asks.
 */
export default async function setup(project: TestProject) {
  if (!fs.existsSync("build/server/index.js"))
    throw new Error("No production build: run `npm run build` first");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "quizkvall-e2e-"));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = "";
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      BEER_JOB_CRON: "off",
      QUIZ_JOB_CRON: "off",
      E2E: "1",
      // Lets a test set the server's "now" with a cookie, matching the browser clock it sets.
      TEST_CLOCK: "1",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${baseUrl}/readyz`);
      if (res.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`server did not become ready:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const email = /Admin account created: (\S+)/.exec(output)?.[1];
  const password = /One-time password:\s+(\S+)/.exec(output)?.[1];
  if (!email || !password) throw new Error(`no admin credentials in the server output:\n${output}`);

  project.provide("baseUrl", baseUrl);
  project.provide("adminEmail", email);
  // The printed password only lets the admin choose another (tests/e2e/first-admin.spec.ts walks that).
  project.provide("adminPassword", await chooseAdminPassword(baseUrl, { email, password }));
  project.provide("dataDir", dataDir);

  return async () => {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
