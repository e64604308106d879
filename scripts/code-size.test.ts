import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { codeSize } from "./code-size";

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

function project(files: Record<string, number>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "code-size-"));
  roots.push(root);
  for (const [file, lines] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    const body = Array.from({ length: lines }, (_, i) => (i === 0 ? "// why" : `export const x${i} = ${i};`));
    fs.writeFileSync(path.join(root, file), `${body.join("\n")}\n`);
  }
  return root;
}

describe("code size", () => {
  it("names a module over 300 lines and a feature over 3,000, leaving tests, fixtures and the schema aside", () => {
    const root = project({
      "app/features/big/a.ts": 300,
      "app/features/big/b.tsx": 2701,
      "app/features/big/b.test.tsx": 900,
      "app/features/small/c.ts": 301,
      "app/db/schema.ts": 900,
      "tests/fixtures/huge.ts": 5000,
      "server/fixtures/huge.ts": 5000,
    });
    const report = codeSize(root);
    expect(report.features).toEqual([
      ["big", 3001],
      ["small", 301],
    ]);
    expect(report.largeFeatures).toEqual([["big", 3001]]);
    expect(report.largeModules.map((m) => [m.file, m.lines])).toEqual([
      ["app/features/big/b.tsx", 2701],
      ["app/features/small/c.ts", 301],
    ]);
  });

  it("is part of npm run lint", () => {
    const pkg = JSON.parse(fs.readFileSync(path.resolve("package.json"), "utf8"));
    expect(pkg.scripts.lint.split(" && ")).toContain("tsx scripts/code-size.ts");
  });

  it("counts the share of comment lines in app/ and server/", () => {
    const report = codeSize(project({ "app/lib/a.ts": 10, "server/b.ts": 10 }));
    expect(report.commentShare).toBeCloseTo(0.1);
  });
});
