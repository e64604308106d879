import type { CityName } from "~/lib/cities";
import type { GeoPoint } from "./geo";

/**
 * Where the demo's fictional venues are: each at a fixed point in its city's centre (the streets are made up,
 * so no geocoder would find them). The point follows from the venue's name alone, so every seed of the demo
 * puts a venue at the same place, and it stays on land within about 1.5 km of each city's centre.
 */
const CENTRES: Record<CityName, { centre: GeoPoint; spread: GeoPoint }> = {
  // South of the river: Inom Vallgraven, Haga, Vasastan and Heden.
  Göteborg: {
    centre: { latitude: 57.6995, longitude: 11.9716 },
    spread: { latitude: 0.007, longitude: 0.025 },
  },
  // Between Sergels torg and Östermalm: Norrmalm, Vasastan and Östermalm, all north of Strömmen.
  Stockholm: {
    centre: { latitude: 59.3395, longitude: 18.0625 },
    spread: { latitude: 0.007, longitude: 0.018 },
  },
  // Stortorget; Gamla staden, Möllevången and Rörsjöstaden.
  Malmö: { centre: { latitude: 55.5975, longitude: 13.004 }, spread: { latitude: 0.008, longitude: 0.018 } },
};

/** FNV-1a: a stable 32-bit number from text. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A demo venue's point: inside its city, the same for the same name on every seed. */
export function demoPosition(city: CityName, venue: string): GeoPoint {
  const { centre, spread } = CENTRES[city];
  const h = hash(`${city}|${venue}`);
  // Two independent fractions in [-1, 1) from the hash's halves.
  const u = ((h & 0xffff) / 0x10000) * 2 - 1;
  const v = ((h >>> 16) / 0x10000) * 2 - 1;
  return {
    latitude: Math.round((centre.latitude + u * spread.latitude) * 1e5) / 1e5,
    longitude: Math.round((centre.longitude + v * spread.longitude) * 1e5) / 1e5,
  };
}
