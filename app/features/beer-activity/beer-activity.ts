/** Constants and pure logic of the admin beer activity report (spec §9 "Beer activity"). */
export const PERIOD_HOURS = [1, 6, 24, 72, 168] as const;
export type PeriodHours = (typeof PERIOD_HOURS)[number];
export const DEFAULT_PERIOD_HOURS: PeriodHours = 6;
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
export function bucketClicks(clicks: readonly BeerClick[], hours: number, now: Date, buckets = 12) {
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
    counts[Math.min(buckets - 1, Math.floor((t - start) / size))].count++;
  }
  return counts;
}

const stockholmTime = new Intl.DateTimeFormat("sv-SE", {
  timeZone: "Europe/Stockholm",
  dateStyle: "short",
  timeStyle: "medium",
});

export function formatTime(iso: string): string {
  return stockholmTime.format(new Date(iso));
}

function csvCell(value: string | number): string {
  const text = String(value);
  // Cells starting with a formula character are prefixed so spreadsheets show them as text.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const SUMMARY_HEADER = [
  "Quiz",
  "Stad",
  "Plats",
  "Antal interaktioner",
  "Första interaktion",
  "Senaste interaktion",
];
export const DETAILED_HEADER = ["Quiz", "Stad", "Plats", "Användar-ID", "Tid"];

/** The CSV of the report with exactly the columns of spec §9, CRLF lines, times in Stockholm. */
export function toCsv(
  mode: ActivityMode,
  report: { summary: readonly SummaryRow[]; clicks: readonly BeerClick[] },
): string {
  const rows: (string | number)[][] =
    mode === "summary"
      ? [
          SUMMARY_HEADER,
          ...report.summary.map((r) => [
            r.title,
            r.city,
            r.place,
            r.count,
            formatTime(r.first),
            formatTime(r.last),
          ]),
        ]
      : [
          DETAILED_HEADER,
          ...report.clicks.map((c) => [c.title, c.city, c.place, c.userIdentifier, formatTime(c.clickedAt)]),
        ];
  return `${rows.map((r) => r.map(csvCell).join(",")).join("\r\n")}\r\n`;
}

/** e.g. 'ol-aktivitet-summary-6h-2026-11-22.csv' (the date in Stockholm). */
export function csvFileName(mode: ActivityMode, hours: number, now: Date): string {
  const date = new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Stockholm" }).format(now);
  return `ol-aktivitet-${mode}-${hours}h-${date}.csv`;
}
