// npm run bench:headlines [-- <provider module>]: headline questions built from the recorded feeds in
// tests/fixtures/news (and its kinds/ folder), and the share whose three options are of one kind (a number of
// the same precision, a year, a listed place of one kind, a person), judged option by option by
// tests/support/option-kind.ts. Target ≥ 90 %. Every headline of every feed is offered (no
// week window), over BENCH_SEEDS random seeds (default 20), so the figure does not hang on one shuffle.
// With a module path, that file's buildHeadlineQuestions is measured instead (to compare with an older one).
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { type NewsItem, parseFeed } from "~/features/quiz-generation/feed";
import type { GeneratedQuestion } from "~/features/quiz-generation/provider";
import { isOneKind } from "../tests/support/option-kind";
import { printLine, writeResult } from "./lib/report";

const FEED_DIRS = ["tests/fixtures/news", "tests/fixtures/news/kinds"];
const SEEDS = Number(process.env.BENCH_SEEDS ?? 20);
const TARGET = 0.9;

type Build = (items: NewsItem[], count: number, random: () => number) => GeneratedQuestion[];

/** A small repeatable random source (Park–Miller). */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 16807) % 2147483647;
    return (state - 1) / 2147483646;
  };
}

async function main() {
  const modulePath = process.argv[2] ?? "app/features/quiz-generation/headline-provider.ts";
  const { buildHeadlineQuestions } = (await import(pathToFileURL(path.resolve(modulePath)).href)) as {
    buildHeadlineQuestions: Build;
  };
  const files = FEED_DIRS.flatMap((dir) =>
    fs
      .readdirSync(dir)
      .filter((f) => f.endsWith(".xml"))
      .map((f) => path.join(dir, f)),
  );
  const items: NewsItem[] = [];
  for (const file of files)
    items.push(...(await parseFeed(fs.readFileSync(file, "utf8"), path.basename(file))));

  let questions = 0;
  let oneKind = 0;
  const mixed = new Map<string, number>();
  for (let seed = 1; seed <= SEEDS; seed++) {
    for (const q of buildHeadlineQuestions(items, items.length, seeded(seed))) {
      questions += 1;
      if (isOneKind(q.options)) oneKind += 1;
      else mixed.set(q.options.join(" / "), (mixed.get(q.options.join(" / ")) ?? 0) + 1);
    }
  }
  const share = questions ? oneKind / questions : 0;
  const figures = {
    module: path.basename(modulePath),
    feeds: files.length,
    headlines: items.length,
    questions_per_run: Math.round(questions / SEEDS),
    one_kind_pct: Math.round(share * 1000) / 10,
    target_pct: TARGET * 100,
  };
  printLine("headline-kinds", figures);
  for (const [options, n] of [...mixed].sort((a, b) => b[1] - a[1]).slice(0, 8)) {
    console.log(`  mixed ×${n}: ${options}`);
  }
  writeResult("headline-kinds", { ...figures, seeds: SEEDS, mixedExamples: [...mixed.keys()].slice(0, 20) });
}

await main();
