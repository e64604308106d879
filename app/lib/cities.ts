export const CITIES = [
  { name: "Göteborg", slug: "goteborg" },
  { name: "Stockholm", slug: "stockholm" },
  { name: "Malmö", slug: "malmo" },
] as const;

/** `/quiz/{city}/karta`: the city's quiz nights on a map, so no event of a city may have this slug. */
export const CITY_MAP_SLUG = "karta";

export function cityMapPath(citySlug: string): string {
  return `/quiz/${citySlug}/${CITY_MAP_SLUG}`;
}

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

export function joinCityNames(names: readonly CityName[]): string {
  return new Intl.ListFormat("sv-SE", { type: "conjunction" }).format(names);
}

/** An empty list on home means the visitor has not chosen yet. */
export function citiesOfPage(pathname: string, search: string): CityName[] {
  const onCityPage = /^\/quiz\/([^/]+)/.exec(pathname);
  if (onCityPage) {
    const city = cityBySlug(decodeURIComponent(onCityPage[1] ?? ""));
    return city ? [city.name] : [];
  }
  if (pathname !== "/") return [];
  const chosen = citiesFromParam(new URLSearchParams(search).get("cities"));
  return CITY_NAMES.filter((name) => chosen.includes(name));
}

/** Names or slugs in any case, in order, each once; unknown items are dropped. */
export function citiesFromParam(value: string | null): CityName[] {
  const cities: CityName[] = [];
  for (const raw of value?.split(",") ?? []) {
    const item = raw.trim();
    const city = isCityName(item) ? item : cityBySlug(item.toLowerCase())?.name;
    if (city && !cities.includes(city)) cities.push(city);
  }
  return cities;
}
