import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

/**
 * `npm run lint` runs knip with knip.json after Biome: a file nothing imports, an export no other file uses
 * and a dependency no file imports each fail it. These tests run knip with that configuration on the
 * fixture project in tests/fixtures/knip, clean and then with one unused piece added, so a loosened
 * configuration shows up here and not in a later review.
 */

const ROOT = path.resolve(".");
const FIXTURE = path.join(ROOT, "tests/fixtures/knip");
const KNIP = path.join(ROOT, "node_modules/.bin/knip");

type KnipIssues = {
  file: string;
  dependencies: { name: string }[];
  exports: { name: string }[];
  files: unknown[];
};

const workDirs: string[] = [];

/** A copy of the fixture next to the project's knip.json; `change` edits the copy before knip runs. */
function runKnip(change: (dir: string) => void = () => {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "quizkvall-knip-"));
  workDirs.push(dir);
  fs.cpSync(FIXTURE, dir, { recursive: true });
  fs.copyFileSync(path.join(ROOT, "knip.json"), path.join(dir, "knip.json"));
  change(dir);
  const run = spawnSync(KNIP, ["--reporter", "json", "--no-progress"], { cwd: dir, encoding: "utf8" });
  const report = JSON.parse(run.stdout) as { issues: KnipIssues[] };
  return {
    status: run.status,
    exports: report.issues.flatMap((i) => i.exports.map((e) => `${i.file} ${e.name}`)),
    dependencies: report.issues.flatMap((i) => i.dependencies.map((d) => d.name)),
  };
}

afterEach(() => {
  for (const dir of workDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("unused code (knip.json)", () => {
  it("is part of npm run lint", () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"));
    expect(pkg.scripts.lint.split(" && ")).toContain("knip");
  });

  it("passes the fixture project, where everything exported and depended on is used", () => {
    expect(runKnip()).toEqual({ status: 0, exports: [], dependencies: [] });
  }, 60_000);

  it("fails on an export no other file imports", () => {
    const result = runKnip((dir) => {
      fs.appendFileSync(path.join(dir, "app/lib/greeting.ts"), "\nexport const farewell = 'Hej då';\n");
    });
    expect(result).toEqual({ status: 1, exports: ["app/lib/greeting.ts farewell"], dependencies: [] });
  }, 60_000);

  it("fails on a dependency no file imports", () => {
    const result = runKnip((dir) => {
      const file = path.join(dir, "package.json");
      const pkg = JSON.parse(fs.readFileSync(file, "utf8"));
      pkg.dependencies["csv-stringify"] = "^6.0.0";
      fs.writeFileSync(file, JSON.stringify(pkg));
    });
    expect(result).toEqual({ status: 1, exports: [], dependencies: ["csv-stringify"] });
  }, 60_000);
});
