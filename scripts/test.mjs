// `npm test`: typecheck, lint, unit and integration tests (PGlite, and PostgreSQL when TEST_DATABASE_URL
// is set), a production build, and the Chromium end-to-end suite. Ends with "N passed, N failed, N skipped":
// a test that cannot run in this environment (no PostgreSQL, no nginx) is skipped with the reason in its
// title, and counted here.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
process.chdir(root);
const bin = (name) => path.join(root, "node_modules/.bin", name);
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), "quizkvall-test-"));
const totals = { passed: 0, failed: 0, skipped: 0 };
const lines = [];

function run(label, command, args, env = {}) {
  return new Promise((resolve) => {
    const started = Date.now();
    console.log(`\n▶ ${label}`);
    const child = spawn(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
    child.on("exit", (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      resolve({ ok: code === 0, seconds });
    });
  });
}

async function check(label, command, args) {
  const { ok, seconds } = await run(label, command, args);
  totals[ok ? "passed" : "failed"] += 1;
  lines.push(`${label}: ${ok ? "ok" : "FAILED"} (${seconds}s)`);
  return ok;
}

async function vitest(label, projects, env = {}, extraArgs = []) {
  const outputFile = path.join(reportDir, `${label.replace(/\W+/g, "-")}.json`);
  const args = [
    "run",
    ...projects.flatMap((p) => ["--project", p]),
    "--reporter=default",
    "--reporter=json",
    ...extraArgs,
  ];
  const { ok, seconds } = await run(label, bin("vitest"), [...args, `--outputFile.json=${outputFile}`], env);
  let counts = { passed: 0, failed: ok ? 0 : 1, skipped: 0 };
  if (fs.existsSync(outputFile)) {
    const report = JSON.parse(fs.readFileSync(outputFile, "utf8"));
    counts = {
      passed: report.numPassedTests,
      failed: report.numFailedTests + (ok || report.numFailedTests > 0 ? 0 : 1),
      skipped: report.numPendingTests + report.numTodoTests,
    };
  }
  for (const key of Object.keys(totals)) totals[key] += counts[key];
  lines.push(
    `${label}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped (${seconds}s)`,
  );
  return ok;
}

/** Where tests/support/nginx.ts looks for nginx. */
function hasNginx() {
  const dirs = [
    "/usr/sbin",
    "/usr/bin",
    "/usr/local/sbin",
    "/usr/local/bin",
    ...(process.env.PATH ?? "").split(":"),
  ];
  const files = [process.env.NGINX_BIN, ...dirs.map((dir) => path.join(dir, "nginx"))].filter(Boolean);
  return files.some((file) => {
    try {
      fs.accessSync(file, fs.constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

const only = process.argv[2];
const [typecheckOk, lintOk] = await Promise.all([
  only ? true : check("typecheck", "npm", ["run", "--silent", "typecheck"]),
  only ? true : check("lint", "npm", ["run", "--silent", "lint"]),
]);
void typecheckOk;
void lintOk;

if (!only || only === "unit")
  await vitest("unit + integration (PGlite)", ["unit", "integration"], { TEST_DATABASE_URL: "" });
if ((!only || only === "postgres") && process.env.TEST_DATABASE_URL) {
  await vitest("integration (PostgreSQL)", ["integration"]);
} else if (!only) {
  lines.push("integration (PostgreSQL): not run (TEST_DATABASE_URL is not set)");
}
if (!only || only === "e2e") {
  const built = await check("production build", "npm", ["run", "--silent", "build"]);
  // The load tests saturate both cores on purpose, and the fleet test runs two more servers and nginx (the
  // outage test a PostgreSQL cluster of its own), which would starve the browser tests of CPU and turn their
  // waits into timeouts; they run on their own after the rest. The fleet test needs nginx and
  // TEST_DATABASE_URL, the outage test the PostgreSQL server binaries; without them each is counted as skipped.
  const loadSpecs = [
    "tests/e2e/overload.spec.ts",
    "tests/e2e/crash.spec.ts",
    "tests/e2e/availability.spec.ts",
    "tests/e2e/fleet.spec.ts",
    "tests/e2e/outage.spec.ts",
  ];
  if (built) {
    await vitest(
      "end-to-end (Chromium)",
      ["e2e"],
      {},
      loadSpecs.flatMap((spec) => ["--exclude", spec]),
    );
    await vitest("end-to-end (overload, crash, availability, fleet, outage)", ["e2e"], {}, [
      ...loadSpecs,
      "--maxWorkers=1",
    ]);
    const fleetMissing = [
      !hasNginx() && "nginx is not installed",
      !process.env.TEST_DATABASE_URL && "TEST_DATABASE_URL is not set",
    ].filter(Boolean);
    if (fleetMissing.length) lines.push(`fleet test: skipped (${fleetMissing.join(", ")})`);
  }
}

console.log("\nSummary");
for (const line of lines) console.log(`  ${line}`);
const summary = `${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`;
fs.writeFileSync(path.join(reportDir, "summary.txt"), `${summary}\n`);
if (process.env.TEST_SUMMARY_FILE) fs.writeFileSync(process.env.TEST_SUMMARY_FILE, `${summary}\n`);
console.log(summary);
process.exit(totals.failed === 0 ? 0 : 1);
