import { POSITION_PARAM } from "~/lib/position-param";
import { compareSwedish } from "~/lib/swedish-order";
import { distanceMeters, formatDistance, type GeoPoint, type NaraReading, parseNara } from "./geo";

/**
 * "Nära mig": tonight's nights of a listing with how far each is from the visitor's position, in time order
 * (what visitors asked for: the nearest quiz is no use if it started an hour ago) or nearest first. Pure,
 * so the server renders it and a test checks it; the caller picks tonight's nights of its own listing.
 */

/** `?ordning=narmast`: nearest first; anything else is time order. */
export const ORDER_PARAM = "ordning";
const NEAREST = "narmast";
export type NearOrder = "tid" | "narmast";

/** The list is bounded like the listings it sits on: at most this many nights. */
const NEAR_LIMIT = 12;

export type NearCandidate = {
  id: string;
  href: string;
  title: string;
  location: string;
  position: GeoPoint | null;
  /** The event's nights tonight (usually one). */
  nights: readonly { start: string; time: string; cancelled: boolean; isRunning: boolean }[];
};

export type NearRow = {
  key: string;
  href: string;
  title: string;
  location: string;
  time: string;
  cancelled: boolean;
  running: boolean;
  /** As the crow flies from the (rounded) position; null when the venue has no position yet. */
  meters: number | null;
  /** "1,2 km", "350 m". */
  distance: string | null;
};

export type NearListing = {
  order: NearOrder;
  /** The first NEAR_LIMIT nights in the chosen order. */
  rows: NearRow[];
  /** Tonight's nights in the listing, all of them. */
  total: number;
};

/** What a page's `nara` and `ordning` ask for: nothing, a notice about a position it cannot use, or a list. */
export type NearTonight =
  | { kind: "invalid"; notice: string }
  | { kind: "list"; point: GeoPoint; listing: NearListing };

export function parseNearOrder(value: string | null): NearOrder {
  return value === NEAREST ? "narmast" : "tid";
}

/** The position a page's address carries (`nara`), read and checked; see geo.ts. */
export function readPosition(params: URLSearchParams): NaraReading {
  return parseNara(params.get(POSITION_PARAM));
}

function byTime(a: NearRow & { start: string }, b: NearRow & { start: string }) {
  return a.start.localeCompare(b.start) || compareSwedish(a.title, b.title);
}

function byDistance(a: NearRow & { start: string }, b: NearRow & { start: string }) {
  if (a.meters === null || b.meters === null) {
    if (a.meters !== b.meters) return a.meters === null ? 1 : -1;
    return byTime(a, b);
  }
  return a.meters - b.meters || byTime(a, b);
}

/** Tonight's nights of `candidates` with their distance from `from`, ordered and bounded. */
export function nearTonight(
  candidates: readonly NearCandidate[],
  from: GeoPoint,
  order: NearOrder,
  limit = NEAR_LIMIT,
): NearListing {
  const rows = candidates.flatMap((c) => {
    const meters = c.position ? distanceMeters(from, c.position) : null;
    return c.nights.map((night) => ({
      key: `${c.id} ${night.start}`,
      href: c.href,
      title: c.title,
      location: c.location,
      time: night.time,
      start: night.start,
      cancelled: night.cancelled,
      running: night.isRunning,
      meters: meters === null ? null : Math.round(meters),
      distance: meters === null ? null : formatDistance(meters),
    }));
  });
  rows.sort(order === "narmast" ? byDistance : byTime);
  return {
    order,
    rows: rows.slice(0, limit).map(({ start: _start, ...row }) => row),
    total: rows.length,
  };
}

/**
 * The address of the same page with the position and order changed: every other parameter (the listing's
 * filters) kept, the page number dropped (the list it numbered is another now).
 */
export function nearHref(
  params: URLSearchParams,
  change: { position?: string | null; order?: NearOrder },
): string {
  const next = new URLSearchParams(params);
  next.delete("sida");
  if (change.position === null) {
    next.delete(POSITION_PARAM);
    next.delete(ORDER_PARAM);
  } else if (change.position !== undefined) next.set(POSITION_PARAM, change.position);
  if (change.order === "narmast") next.set(ORDER_PARAM, NEAREST);
  else if (change.order === "tid") next.delete(ORDER_PARAM);
  const search = next.toString().replace(/%2C/g, ",");
  return `?${search}`;
}

/**
 * A listing's new address (`search`, from its filter) keeping the position and order of the current one, so
 * changing the filter keeps the distances.
 */
export function keepNear(search: string, from: URLSearchParams): string {
  const position = from.get(POSITION_PARAM);
  if (position === null) return search;
  const next = new URLSearchParams(search);
  next.set(POSITION_PARAM, position);
  const order = from.get(ORDER_PARAM);
  if (order !== null) next.set(ORDER_PARAM, order);
  return `?${next.toString().replace(/%2C/g, ",")}`;
}
