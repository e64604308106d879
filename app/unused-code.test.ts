import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

/**
 * `npm run lint` runs knip twice with knip.json after Biome: over everything (tests included, so a test
 * helper nothing uses fails it) and with `--production`, over the product alone (entries and project files
 * marked `!`, test files left out), so an export only a test uses fails it as well as one nothing uses. These
 * tests run exactly the lint's knip commands on the fixture project in tests/fixtures/knip, clean and then
 * with one unused piece added, so a loosened configuration or lint script shows up here.
 */

const ROOT = path.resolve(".");
const FIXTURE = path.join(ROOT, "tests/fixtures/knip");
const KNIP = path.join(ROOT, "node_modules/.bin/knip");
const LINT: string = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")).scripts.lint;
/** The arguments of each knip command in the lint script. */
const KNIP_RUNS = LINT.split(" && ")
  .filter((command) => command === "knip" || command.startsWith("knip "))
  .map((command) => command.split(" ").slice(1));

type KnipIssues = {
  file: string;
  dependencies: { name: string }[];
  exports: { name: string }[];
  files: unknown[];
};

const workDirs: string[] = [];
afterAll(() => {
  for (const dir of workDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** The lint's knip commands on a copy of the fixture next to the project's knip.json; `change` edits the copy first. */
async function runKnip(change: (dir: string) => void = () => {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "quizkvall-knip-"));
  workDirs.push(dir);
  fs.cpSync(FIXTURE, dir, { recursive: true });
  fs.copyFileSync(path.join(ROOT, "knip.json"), path.join(dir, "knip.json"));
  change(dir);
  const runs = await Promise.all(
    KNIP_RUNS.map((args) =>
      promisify(execFile)(KNIP, [...args, "--reporter", "json", "--no-progress", "--no-config-hints"], {
        cwd: dir,
        encoding: "utf8",
      }).then(
        ({ stdout }) => ({ status: 0, stdout }),
        (error: { code: number; stdout: string }) => ({ status: error.code, stdout: error.stdout }),
      ),
    ),
  );
  return runs.map(({ status, stdout }) => {
    const report = JSON.parse(stdout) as { issues: KnipIssues[] };
    return {
      status,
      files: report.issues.flatMap((i) => (i.files.length ? [i.file] : [])),
      exports: report.issues.flatMap((i) => i.exports.map((e) => `${i.file} ${e.name}`)),
      dependencies: report.issues.flatMap((i) => i.dependencies.map((d) => d.name)),
    };
  });
}

const clean = { status: 0, files: [], exports: [], dependencies: [] };

/** Adds `line` to a file of the fixture copy. */
const append = (file: string, line: string) => (dir: string) => fs.appendFileSync(path.join(dir, file), line);

describe("unused code (knip.json)", () => {
  it("is part of npm run lint, over everything and over the product alone", () => {
    expect(KNIP_RUNS).toEqual([[], ["--production"]]);
  });

  describe.concurrent("on the fixture project", () => {
    it("passes it, where everything exported and depended on is used", async () => {
      expect(await runKnip()).toEqual([clean, clean]);
    }, 60_000);

    it("fails on an export only a test uses: the product alone does not use it", async () => {
      const result = await runKnip((dir) => {
        append("app/lib/greeting.ts", '\nexport const farewell = "Hej då";\n')(dir);
        const test = path.join(dir, "app/lib/greeting.test.ts");
        fs.writeFileSync(
          test,
          fs
            .readFileSync(test, "utf8")
            .replace(
              'import { greeting } from "./greeting";',
              'import { farewell, greeting } from "./greeting";',
            )
            .replace("  it(", '  it("says goodbye", () => expect(farewell).toBe("Hej då"));\n  it('),
        );
      });
      expect(result).toEqual([clean, { ...clean, status: 1, exports: ["app/lib/greeting.ts farewell"] }]);
    }, 60_000);

    it("fails on an export of a test helper that no test uses", async () => {
      const result = await runKnip(
        append("tests/support/cities.ts", "export const cityNobodyUses = 'Umeå';\n"),
      );
      expect(result).toEqual([
        { ...clean, status: 1, exports: ["tests/support/cities.ts cityNobodyUses"] },
        clean,
      ]);
    }, 60_000);

    it("fails on an export no other file imports and a dependency no file imports", async () => {
      const result = await runKnip((dir) => {
        append("app/lib/greeting.ts", "\nexport const farewell = 'Hej då';\n")(dir);
        const file = path.join(dir, "package.json");
        const pkg = JSON.parse(fs.readFileSync(file, "utf8"));
        pkg.dependencies["csv-stringify"] = "^6.0.0";
        fs.writeFileSync(file, JSON.stringify(pkg));
      });
      const unused = {
        ...clean,
        status: 1,
        exports: ["app/lib/greeting.ts farewell"],
        dependencies: ["csv-stringify"],
      };
      expect(result).toEqual([unused, unused]);
    }, 60_000);
  });
});
