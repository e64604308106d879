import { isInSweden } from "./sweden";

/** A place on the earth, WGS84 degrees. */
export type GeoPoint = { latitude: number; longitude: number };

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** The great-circle distance in metres (haversine): as the crow flies, not the way there. */
export function distanceMeters(a: GeoPoint, b: GeoPoint): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

// Built on first use: a page that shows no distance builds neither.
let oneDecimal: Intl.NumberFormat | undefined;
let whole: Intl.NumberFormat | undefined;

/**
 * A distance as Swedish text: "350 m" under a kilometre (to 50 m: the visitor's position is rounded to about
 * 100 m, so finer would be false precision), "1,2 km" under ten, "12 km" beyond (a space between thousands).
 */
export function formatDistance(meters: number): string {
  const fifty = Math.max(50, Math.round(meters / 50) * 50);
  if (fifty < 1000) return `${fifty} m`;
  const km = meters / 1000;
  if (Math.round(km * 10) / 10 < 10) {
    oneDecimal ??= new Intl.NumberFormat("sv-SE", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    return `${oneDecimal.format(km)} km`;
  }
  whole ??= new Intl.NumberFormat("sv-SE", { maximumFractionDigits: 0 });
  return `${whole.format(km)} km`;
}

/** Three decimals: about 110 m north–south and 60 m east–west in Sweden, "about 100 m" either way. */
function roundPosition(point: GeoPoint): GeoPoint {
  const round = (v: number) => Math.round(v * 1000) / 1000;
  return { latitude: round(point.latitude), longitude: round(point.longitude) };
}

/** The `nara` parameter's value for a point: "57.709,11.975". */
export function formatNara(point: GeoPoint): string {
  const { latitude, longitude } = roundPosition(point);
  return `${latitude.toFixed(3)},${longitude.toFixed(3)}`;
}

export type NaraReading =
  | { kind: "none" }
  | { kind: "position"; point: GeoPoint }
  | { kind: "invalid"; notice: string };

const NARA_UNREADABLE = "Positionen i adressen kunde inte läsas, så listan visas utan avstånd.";
const NARA_OUTSIDE = "Positionen ligger utanför Sverige, så listan visas utan avstånd.";

const NUMBER = String.raw`\s*([+-]?\d{1,3}(?:\.\d{1,12})?)\s*`;
const NARA_PATTERN = new RegExp(`^${NUMBER},${NUMBER}$`);

/**
 * Reads `nara` ("57.709,11.975": latitude, longitude). A malformed value or one outside Sweden is no position,
 * with a Swedish notice for the page; a valid one is rounded to about 100 m whatever precision it came with.
 */
export function parseNara(value: string | null): NaraReading {
  if (value === null || value.trim() === "") return { kind: "none" };
  const match = NARA_PATTERN.exec(value.slice(0, 64));
  if (!match) return { kind: "invalid", notice: NARA_UNREADABLE };
  const latitude = Number(match[1]);
  const longitude = Number(match[2]);
  if (!isInSweden(latitude, longitude)) return { kind: "invalid", notice: NARA_OUTSIDE };
  return { kind: "position", point: roundPosition({ latitude, longitude }) };
}

/** OpenStreetMap's route planner with the venue as the destination (the visitor picks where from). */
export function directionsUrl(point: GeoPoint): string {
  const lat = point.latitude.toFixed(5);
  const lon = point.longitude.toFixed(5);
  return `https://www.openstreetmap.org/directions?to=${lat}%2C${lon}#map=17/${lat}/${lon}`;
}
