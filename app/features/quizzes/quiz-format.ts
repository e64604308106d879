import { TIME_ZONE } from "~/lib/time";
/** Display helpers shared by the quiz pages (browser-safe). */

/** Option letters shown to players and editors; the option order is 1-based in the database. */
export const OPTION_LETTERS = ["A", "B", "C"] as const;

export function formatQuizDate(iso: string): string {
  return new Intl.DateTimeFormat("sv-SE", {
    timeZone: TIME_ZONE,
    day: "numeric",
    month: "short",
    year: "numeric",
  }).format(new Date(iso));
}

export function questionCountLabel(n: number): string {
  return n === 1 ? "1 fråga" : `${n} frågor`;
}

/** The list page's category filter uses the category's slug in ?kategori=. */
export const CATEGORY_PARAM = "kategori";

const SOURCE_DATE = new Intl.DateTimeFormat("sv-SE", {
  timeZone: TIME_ZONE,
  day: "numeric",
  month: "long",
  year: "numeric",
});

/** "Inrikesbladet, 19 november 2026": a generated question's source as shown beside it. */
export function sourceLabel(source: {
  url: string;
  outlet: string | null;
  publishedAt: string | null;
}): string {
  const parts = [source.outlet ?? new URL(source.url).hostname];
  if (source.publishedAt) parts.push(SOURCE_DATE.format(new Date(source.publishedAt)));
  return parts.join(", ");
}
