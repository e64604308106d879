import fs from "node:fs";
import { stripVTControlCharacters } from "node:util";
import { describe, expect, it } from "vitest";

/**
 * The production build this suite runs against (`npm run build`, which `npm start` also runs on a first
 * start) prints nothing a newcomer would have to read and act on: no warnings from Vite, Rolldown, React
 * Router or a dependency. scripts/build.mjs keeps the build's whole output next to the build.
 */
const LOG = "build/build-log.json";
const WARNING = /warn|deprecat|\(!\)|\[[A-Z][A-Z_]{2,}\]/i;

describe("production build output", () => {
  it("has no warnings", () => {
    expect(fs.existsSync(LOG), `${LOG} is missing: build with \`npm run build\``).toBe(true);
    // The log belongs to the build being tested, not to an earlier one.
    expect(fs.statSync(LOG).mtimeMs).toBeGreaterThanOrEqual(fs.statSync("build/server/index.js").mtimeMs);
    const log = JSON.parse(fs.readFileSync(LOG, "utf8")) as {
      exitCode: number;
      stdout: string;
      stderr: string;
    };
    expect(log.exitCode).toBe(0);
    // Vite and Rolldown write warnings and errors to stderr, the progress and file list to stdout.
    expect(stripVTControlCharacters(log.stderr)).toBe("");
    const stdout = stripVTControlCharacters(log.stdout).split("\n");
    expect(stdout.filter((line) => WARNING.test(line))).toEqual([]);
    expect(stdout.some((line) => line.includes("build/server/index.js"))).toBe(true);
  });
});
