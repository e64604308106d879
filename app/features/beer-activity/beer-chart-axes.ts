import { formatShortWeekdayDateTime, timeOf } from "~/lib/time";

/** 0 and up to four round steps (1, 2 or 5 × 10^n) whose last step is at least `max`. */
export function yTicks(max: number): number[] {
  const target = Math.max(1, Math.ceil(max));
  const rough = target / 4;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= rough) ?? 10 * magnitude);
  const ticks = [0];
  let last = 0;
  while (last < target) {
    last += step;
    ticks.push(last);
  }
  return ticks;
}

/** A bucket's start in Stockholm time; with the date ("mån 23/11 17:00") for periods of 24 hours and more. */
export function bucketLabel(iso: string, hours: number): string {
  const date = new Date(iso);
  return hours >= 24 ? formatShortWeekdayDateTime(date) : timeOf(date);
}

/** Which buckets get an x label: every `every`-th from the first, so a 390 px screen fits them. */
export function labelledBuckets(count: number, every = 4): number[] {
  return Array.from({ length: count }, (_, i) => i).filter((i) => i % every === 0);
}
