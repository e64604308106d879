/** Order statistics of measured times, shared by the benchmarks. */

/** The p-th percentile (nearest rank) of values sorted ascending; p = 100 is the largest. */
export function percentile(sorted: readonly number[], p: number): number {
  const value = sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
  if (value === undefined) throw new Error("percentile of no values");
  return value;
}

/** The median: the middle value, or the mean of the two middle ones; NaN for no values. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = sorted.length >> 1;
  // mid < sorted.length, and mid >= 1 whenever the length is even.
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
