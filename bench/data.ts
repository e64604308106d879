// npm run bench:data [-- --small]: writes the benchmark dataset (2,000 events, 1,000,000 beer clicks and their
// interactions over 30 days, 50 quizzes, 100,000 plays with 1,000,000 answers) into the configured database:
// PostgreSQL at DATABASE_URL, or the embedded PGlite in DATA_DIR (stop the server first).
import fs from "node:fs";
import path from "node:path";
import { fail, openCliDatabase } from "../scripts/lib/cli-db";
import { type BenchSizes, FULL_SIZES, generateBenchData } from "./lib/generate-data";

const small = process.argv.includes("--small");
const sizes: BenchSizes = small
  ? { ...FULL_SIZES, events: 200, beerClicks: 50_000, beerVisitors: 20_000, quizzes: 10, plays: 5_000 }
  : FULL_SIZES;
const handle = await openCliDatabase();
console.log(`Writing the ${small ? "small" : "full"} benchmark dataset into ${handle.kind} …`);
try {
  const result = await generateBenchData(handle.db, sizes, (line) => console.log(`  ${line}`));
  console.log(`bench:data run=${result.run} db=${handle.kind} seconds=${result.seconds}`);
  for (const [table, n] of Object.entries(result.counts)) console.log(`  ${table.padEnd(26)} ${n} rows`);
  const dir = path.resolve("bench/results");
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, `data-${handle.kind}.json`),
    `${JSON.stringify({ ...result, db: handle.kind, sizes, at: new Date().toISOString() }, null, 2)}\n`,
  );
} catch (error) {
  await handle.close();
  fail(`bench:data failed: ${(error as Error).message}`);
}
await handle.close();
