/** The weekdays as the site names them, and their slugs in addresses (clock times are in time.ts). */
export const WEEKDAYS = ["Måndag", "Tisdag", "Onsdag", "Torsdag", "Fredag", "Lördag", "Söndag"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const WEEKDAY_SLUGS: Record<Weekday, string> = {
  Måndag: "mandag",
  Tisdag: "tisdag",
  Onsdag: "onsdag",
  Torsdag: "torsdag",
  Fredag: "fredag",
  Lördag: "lordag",
  Söndag: "sondag",
};

export function pluralWeekday(weekday: Weekday): string {
  return `${weekday}ar`;
}

export function isWeekday(value: string): value is Weekday {
  return (WEEKDAYS as readonly string[]).includes(value);
}

export function weekdayBySlug(slug: string): Weekday | undefined {
  return WEEKDAYS.find((w) => WEEKDAY_SLUGS[w] === slug);
}
