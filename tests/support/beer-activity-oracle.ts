import type { BeerClick, ChartBucket, SummaryRow } from "~/features/beer-activity/beer-activity";

/**
 * The beer activity report computed the slow way, from the raw clicks of the period: what the database's
 * aggregation over roll-ups and partial hours (beer-activity.server.ts) must equal exactly.
 */

/** One row per event, most clicks first; clicks are newest first on input. */
export function summarize(clicks: readonly BeerClick[]): SummaryRow[] {
  const byEvent = new Map<string, SummaryRow>();
  for (const c of clicks) {
    const row = byEvent.get(c.eventId);
    if (!row) {
      byEvent.set(c.eventId, { ...c, count: 1, first: c.clickedAt, last: c.clickedAt });
      continue;
    }
    row.count++;
    if (c.clickedAt < row.first) row.first = c.clickedAt;
    if (c.clickedAt > row.last) row.last = c.clickedAt;
  }
  return [...byEvent.values()].sort((a, b) => b.count - a.count || b.last.localeCompare(a.last));
}

/** Clicks counted into equal time buckets over the period, oldest first, for the chart. */
export function bucketClicks(
  clicks: readonly BeerClick[],
  hours: number,
  now: Date,
  buckets = 12,
): ChartBucket[] {
  const end = now.getTime();
  const start = end - hours * 3_600_000;
  const size = (end - start) / buckets;
  const counts = Array.from({ length: buckets }, (_, i) => ({
    start: new Date(start + i * size).toISOString(),
    count: 0,
  }));
  for (const c of clicks) {
    const t = Date.parse(c.clickedAt);
    if (t < start || t > end) continue;
    // t is within [start, end], so the index is within [0, buckets - 1].
    counts[Math.min(buckets - 1, Math.floor((t - start) / size))]!.count++;
  }
  return counts;
}
