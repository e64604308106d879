import fs from "node:fs";
import path from "node:path";

const RESULTS_DIR = path.resolve("bench/results");

/** One stable, grep-able line per figure: `<name> key=value key=value …`. */
export function printLine(name: string, figures: Record<string, string | number>) {
  console.log(
    `${name} ${Object.entries(figures)
      .map(([k, v]) => `${k}=${v}`)
      .join(" ")}`,
  );
}

/** Writes bench/results/<name>.json with the figures and when and where they were taken. */
export function writeResult(name: string, data: Record<string, unknown>) {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${name}.json`);
  const meta = {
    at: new Date().toISOString(),
    node: process.version,
    cpus: (globalThis as { navigator?: { hardwareConcurrency?: number } }).navigator?.hardwareConcurrency,
  };
  fs.writeFileSync(file, `${JSON.stringify({ ...meta, ...data }, null, 2)}\n`);
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}
