import { DAY_MS, HOUR_MS } from "~/features/beers/public";
import { csvTime, writeCsv } from "~/lib/csv";
import { stockholmDate } from "~/lib/time";

export const PERIOD_HOURS = [1, 6, 24, 72, 168] as const;
export type PeriodHours = (typeof PERIOD_HOURS)[number];
const DEFAULT_PERIOD_HOURS: PeriodHours = 6;
export type ActivityMode = "summary" | "detailed";

export const PERIOD_LABELS: Record<PeriodHours, string> = {
  1: "1 timme",
  6: "6 timmar",
  24: "24 timmar",
  72: "3 dygn",
  168: "7 dygn",
};

export function parsePeriod(value: string | null): PeriodHours {
  const n = Number(value);
  return (PERIOD_HOURS as readonly number[]).includes(n) ? (n as PeriodHours) : DEFAULT_PERIOD_HOURS;
}

export function parseMode(value: string | null): ActivityMode {
  return value === "detailed" ? "detailed" : "summary";
}

export type BeerClick = {
  eventId: string;
  title: string;
  city: string;
  place: string;
  userIdentifier: string;
  clickedAt: string;
};

export type SummaryRow = {
  eventId: string;
  title: string;
  city: string;
  place: string;
  count: number;
  first: string;
  last: string;
};

export type ChartBucket = { start: string; count: number };

export type PeriodPart = { source: "daily" | "hourly" | "raw"; from: number; to: number };

/** Whole UTC days from the daily roll-up, whole hours from the hourly one, partial hours from raw clicks: exact. */
export function splitPeriod(hours: number, now: Date): PeriodPart[] {
  const end = now.getTime();
  const start = end - hours * HOUR_MS;
  const parts: PeriodPart[] = [];
  const add = (source: PeriodPart["source"], from: number, to: number) => {
    if (from < to) parts.push({ source, from, to });
  };
  const ceil = (t: number, unit: number) => Math.ceil(t / unit) * unit;
  const floor = (t: number, unit: number) => Math.floor(t / unit) * unit;
  const firstHour = Math.min(end, ceil(start, HOUR_MS));
  const lastHour = Math.max(firstHour, floor(end, HOUR_MS));
  const firstDay = Math.min(lastHour, ceil(firstHour, DAY_MS));
  const lastDay = Math.max(firstDay, floor(lastHour, DAY_MS));
  add("raw", start, firstHour);
  add("hourly", firstHour, firstDay);
  add("daily", firstDay, lastDay);
  add("hourly", lastDay, lastHour);
  parts.push({ source: "raw", from: lastHour, to: end });
  return parts;
}

export type BucketPart = { source: "hourly" | "raw"; bucket: number; from: number; to: number };

/** Like splitPeriod per bucket: whole hours from the hourly roll-up, cut hours from raw clicks, so buckets are exact. */
export function splitBuckets(hours: number, now: Date, buckets: number): BucketPart[] {
  const end = now.getTime();
  const start = end - hours * HOUR_MS;
  const size = (end - start) / buckets;
  const parts: BucketPart[] = [];
  const add = (source: BucketPart["source"], bucket: number, from: number, to: number) => {
    if (from >= to) return;
    const last = parts.at(-1);
    if (last && last.source === source && last.bucket === bucket && last.to === from) last.to = to;
    else parts.push({ source, bucket, from, to });
  };
  for (let bucket = 0; bucket < buckets; bucket++) {
    const from = start + bucket * size;
    const to = bucket === buckets - 1 ? end : start + (bucket + 1) * size;
    const firstHour = Math.min(to, Math.ceil(from / HOUR_MS) * HOUR_MS);
    const lastHour = Math.max(firstHour, Math.floor(to / HOUR_MS) * HOUR_MS);
    add("raw", bucket, from, firstHour);
    add("hourly", bucket, firstHour, lastHour);
    add("raw", bucket, lastHour, to);
  }
  if (parts.at(-1)?.source !== "raw") parts.push({ source: "raw", bucket: buckets - 1, from: end, to: end });
  return parts;
}

const SUMMARY_HEADER = [
  "Quiz",
  "Stad",
  "Plats",
  "Antal interaktioner",
  "Första interaktion",
  "Senaste interaktion",
];
const DETAILED_HEADER = ["Quiz", "Stad", "Plats", "Användar-ID", "Tid"];

export function toCsv(
  mode: ActivityMode,
  report: { summary: readonly SummaryRow[]; clicks: readonly BeerClick[] },
): string {
  return mode === "summary"
    ? writeCsv(
        SUMMARY_HEADER,
        report.summary.map((r) => [r.title, r.city, r.place, r.count, csvTime(r.first), csvTime(r.last)]),
      )
    : writeCsv(
        DETAILED_HEADER,
        report.clicks.map((c) => [c.title, c.city, c.place, c.userIdentifier, csvTime(c.clickedAt)]),
      );
}

export function csvFileName(mode: ActivityMode, hours: number, now: Date): string {
  return `ol-aktivitet-${mode}-${hours}h-${stockholmDate(now)}.csv`;
}

/** What a run of the beer job added: per event, and in all. */
export type BeerIncrementResult = {
  updated: number;
  added: number;
  events: { id: string; title: string; added: number }[];
};

/** The page shows a run's totals and its first events; a city's run would otherwise fill it. */
export const SHOWN_INCREMENT_EVENTS = 50;
export type ShownBeerIncrement = BeerIncrementResult & { eventsNotShown?: number };

export function shownIncrement(result: BeerIncrementResult): ShownBeerIncrement {
  const hidden = result.events.length - SHOWN_INCREMENT_EVENTS;
  if (hidden <= 0) return result;
  return { ...result, events: result.events.slice(0, SHOWN_INCREMENT_EVENTS), eventsNotShown: hidden };
}
