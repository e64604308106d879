import { formatLongDate } from "~/lib/time";

export { OPTION_LETTERS } from "./option-letters";

export function questionCountLabel(n: number): string {
  return n === 1 ? "1 fråga" : `${n} frågor`;
}

export const ARCHIVE_PATH = "/veckans-nutidsquiz/arkiv";

export const CATEGORY_PARAM = "kategori";

/** "Inrikesbladet, 19 november 2026": a generated question's source as shown beside it. */
export function sourceLabel(source: {
  url: string;
  outlet: string | null;
  publishedAt: string | null;
}): string {
  const parts = [source.outlet ?? new URL(source.url).hostname];
  if (source.publishedAt) parts.push(formatLongDate(source.publishedAt));
  return parts.join(", ");
}
