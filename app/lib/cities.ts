/** The three cities of the directory, with their URL slugs. */
export const CITIES = [
  { name: "Göteborg", slug: "goteborg" },
  { name: "Stockholm", slug: "stockholm" },
  { name: "Malmö", slug: "malmo" },
] as const;

export type CityName = (typeof CITIES)[number]["name"];

export const CITY_NAMES: readonly CityName[] = CITIES.map((c) => c.name);

export function isCityName(value: string): value is CityName {
  return (CITY_NAMES as readonly string[]).includes(value);
}

export function cityBySlug(slug: string) {
  return CITIES.find((c) => c.slug === slug);
}

export function cityByName(name: string) {
  return CITIES.find((c) => c.name === name);
}
