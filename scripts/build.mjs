// `npm run build`, and `npm start` when the build is missing or stale: the production build. Its whole output
// is also kept in build/build-log.json, so a test can check that a build says nothing a newcomer must read
// (tests/e2e/build-output.spec.ts).
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(import.meta.dirname, "..");
export const BUILD_LOG = path.join(root, "build/build-log.json");

/**
 * Runs `react-router build` and resolves with its exit code. `quiet` keeps the list of written files off the
 * terminal (warnings and errors still show). A SIGTERM or SIGINT meanwhile stops the build too, and then
 * this process, rather than leaving the build running on its own.
 */
export function buildApp({ quiet = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [path.join(root, "node_modules/@react-router/dev/bin.cjs"), "build"],
      {
        cwd: root,
        stdio: ["ignore", "pipe", "pipe"],
        env: { ...process.env, NODE_ENV: "production" },
      },
    );
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
      if (!quiet) process.stdout.write(chunk);
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
      process.stderr.write(chunk);
    });
    let stoppedBy = null;
    const stop = (signal) => {
      stoppedBy = signal;
      child.kill(signal);
    };
    process.on("SIGTERM", stop);
    process.on("SIGINT", stop);
    child.on("close", (code, signal) => {
      process.off("SIGTERM", stop);
      process.off("SIGINT", stop);
      if (stoppedBy) process.exit(128 + (stoppedBy === "SIGINT" ? 2 : 15));
      const exitCode = code ?? 1;
      fs.mkdirSync(path.dirname(BUILD_LOG), { recursive: true });
      fs.writeFileSync(BUILD_LOG, `${JSON.stringify({ exitCode, signal, stdout, stderr }, null, 2)}\n`);
      resolve(exitCode);
    });
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exitCode = await buildApp();
