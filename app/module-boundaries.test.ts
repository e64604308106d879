import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The layer and feature boundaries live in biome.json (noRestrictedImports per folder, noImportCycles).
 * These tests lint the fixture app in tests/fixtures/boundaries with that configuration and expect each
 * crossing to be reported, so a loosened pattern shows up here and not in a later review.
 */

const ROOT = path.resolve(".");
const FIXTURE = path.join(ROOT, "tests/fixtures/boundaries");
const BIOME = path.join(ROOT, "node_modules/.bin/biome");

type Diagnostic = { category: string; location: { path: string; start: { line: number } } };
type Finding = `${string}:${number} ${string}`;

let workDir: string;
let findings: Finding[];

/** Copies the fixture next to the project's biome.json, tsconfig.json and package.json and lints it. */
function lintFixture(): Finding[] {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), "quizkvall-boundaries-"));
  fs.cpSync(FIXTURE, workDir, { recursive: true });
  const config = JSON.parse(fs.readFileSync(path.join(ROOT, "biome.json"), "utf8"));
  // The project leaves the fixture out of its own lint run; here it is the whole project.
  config.files.includes = ["**"];
  config.vcs = { enabled: false };
  fs.writeFileSync(path.join(workDir, "biome.json"), JSON.stringify(config));
  // The module graph behind noImportCycles resolves "~/" through tsconfig paths within a package.
  fs.copyFileSync(path.join(ROOT, "tsconfig.json"), path.join(workDir, "tsconfig.json"));
  fs.copyFileSync(path.join(ROOT, "package.json"), path.join(workDir, "package.json"));
  const run = spawnSync(BIOME, ["lint", "--reporter=json", "--max-diagnostics=none", "."], {
    cwd: workDir,
    encoding: "utf8",
  });
  const report = JSON.parse(run.stdout) as { diagnostics: Diagnostic[] };
  return report.diagnostics
    .filter((d) => d.category.startsWith("lint/"))
    .map((d): Finding => `${d.location.path}:${d.location.start.line} ${d.category.replace("lint/", "")}`)
    .sort();
}

beforeAll(() => {
  findings = lintFixture();
}, 60_000);

afterAll(() => {
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

describe("module boundaries (biome.json)", () => {
  it("reports every import across a layer or feature boundary, and nothing else", () => {
    const restricted = findings.filter((f) => f.endsWith("style/noRestrictedImports"));
    expect(restricted).toEqual([
      // Shared layers below the features: not even a public module.
      "app/components/uses-feature.tsx:2 style/noRestrictedImports",
      "app/db/uses-feature.ts:2 style/noRestrictedImports",
      // beers declares no dependency on events; a feature never imports a route.
      "app/features/beers/uses-events.ts:2 style/noRestrictedImports",
      "app/features/beers/uses-route.ts:2 style/noRestrictedImports",
      // Up two levels from events/admin leaves the feature (line 2, one level up, stays inside).
      "app/features/events/admin/relative-escape.ts:3 style/noRestrictedImports",
      "app/features/events/relative-escape.ts:2 style/noRestrictedImports",
      "app/features/events/uses-beer-internals.ts:2 style/noRestrictedImports",
      "app/lib/uses-feature.ts:2 style/noRestrictedImports",
    ]);
  });

  it("lets a feature use a dependency's public module and a route use feature internals", () => {
    const allowed = ["app/features/events/uses-images-public.ts", "app/routes/uses-feature-internals.ts"];
    expect(findings.filter((f) => allowed.some((file) => f.startsWith(`${file}:`)))).toEqual([]);
  });

  it("reports an import cycle, also through the ~/ alias", () => {
    expect(findings.filter((f) => f.endsWith("suspicious/noImportCycles"))).toEqual([
      "app/lib/cycle-a.ts:2 suspicious/noImportCycles",
      "app/lib/cycle-b.ts:1 suspicious/noImportCycles",
    ]);
  });
});
