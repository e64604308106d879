import { z } from "zod";
import { logger } from "~/lib/logger.server";
import type { GeoPoint } from "./geo";
import { isInSweden } from "./sweden";

/**
 * A client of a Nominatim-compatible search API (`GEOCODER_URL`), kept to OpenStreetMap's usage policy
 * for nominatim.openstreetmap.org (https://operations.osmfoundation.org/policies/nominatim/):
 *
 * - at most one request a second from this process: one at a time, each a second after the previous one
 *   ended; a lookup waits for its turn and gives up ("busy") when that would come after its time budget;
 * - a User-Agent that names the application and where it runs (stock library agents are refused);
 * - every answer cached, so the same address is asked for once: in memory, bounded, per process. It is
 *   asked only when an admin or host saves a changed (or not yet placed) address, a handful a day, and the
 *   answer itself is kept where it is used, on the event's row; a table would add a migration and a
 *   retention rule to save a few lookups after a restart (docs/decisions/061);
 * - no autocomplete or bulk use: one lookup per save, never per keystroke.
 *
 * Whatever the service does (refuses, is down, is slow, answers nonsense or a place abroad), the answer is
 * one of three outcomes and never an exception: the save that asked goes through either way.
 */
type GeocodeOutcome =
  | { kind: "found"; point: GeoPoint }
  | { kind: "not-found" }
  | { kind: "unavailable"; reason: "busy" | "timeout" | "error" };

export type Geocoder = { geocode: (query: string) => Promise<GeocodeOutcome> };

type GeocoderOptions = {
  /** The API's base address; `/search` is appended. */
  url: string;
  userAgent: string;
  /** The whole lookup's budget, waiting for its turn included. */
  timeoutMs?: number;
  minIntervalMs?: number;
  maxCached?: number;
  fetch?: typeof fetch;
  now?: () => number;
};

const FOUND_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const NOT_FOUND_TTL_MS = 60 * 60 * 1000;
/** One result of `limit=1` is a few hundred bytes; anything far larger is not an answer. */
const MAX_BODY_BYTES = 64 * 1024;

const resultSchema = z.array(z.object({ lat: z.coerce.number(), lon: z.coerce.number() }).loose());

/** A wait that can be called off (so a finished lookup leaves no timer behind). */
function pause(ms: number): { done: Promise<void>; cancel: () => void } {
  let timer: NodeJS.Timeout | undefined;
  const done = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, Math.max(0, ms));
  });
  return { done, cancel: () => clearTimeout(timer) };
}

const normalise = (query: string) => query.trim().replace(/\s+/g, " ").toLowerCase();

async function readBounded(response: Response): Promise<string | null> {
  const reader = response.body?.getReader();
  if (!reader) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

export function createGeocoder(options: GeocoderOptions): Geocoder {
  const timeoutMs = options.timeoutMs ?? 4_000;
  const minIntervalMs = options.minIntervalMs ?? 1_000;
  const maxCached = options.maxCached ?? 500;
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const base = options.url.replace(/\/+$/, "");
  const cache = new Map<string, { outcome: GeocodeOutcome; expires: number }>();
  const inFlight = new Map<string, Promise<GeocodeOutcome>>();
  // One request at a time, in the order they asked, each leaving at least a second after the previous one
  // ended: the service then sees at most one a second however long the network takes.
  let tail: Promise<void> = Promise.resolve();
  let lastEndedAt = Number.NEGATIVE_INFINITY;

  /** Runs `request` in its turn, or answers null when its turn would come after `deadline`. */
  async function inTurn<T>(deadline: number, request: () => Promise<T>): Promise<T | null> {
    const previous = tail;
    let release = () => {};
    tail = new Promise<void>((resolve) => {
      release = resolve;
    });
    const wait = pause(deadline - Date.now());
    const ready = await Promise.race([previous.then(() => true), wait.done.then(() => false)]);
    wait.cancel();
    if (!ready) {
      // Those behind this one still wait for the one in front.
      void previous.then(release);
      return null;
    }
    let ran = false;
    try {
      const start = Math.max(Date.now(), lastEndedAt + minIntervalMs);
      if (start >= deadline) return null;
      const gap = pause(start - Date.now());
      await gap.done;
      ran = true;
      return await request();
    } finally {
      if (ran) lastEndedAt = Date.now();
      release();
    }
  }

  async function ask(query: string): Promise<GeocodeOutcome> {
    const deadline = Date.now() + timeoutMs;
    const answer = await inTurn(deadline, () => request(query, deadline));
    return answer ?? { kind: "unavailable", reason: "busy" };
  }

  async function request(query: string, deadline: number): Promise<GeocodeOutcome> {
    const params = new URLSearchParams({ format: "jsonv2", q: query, countrycodes: "se", limit: "1" });
    try {
      const response = await doFetch(`${base}/search?${params}`, {
        headers: { "User-Agent": options.userAgent, Accept: "application/json" },
        signal: AbortSignal.timeout(Math.max(1, deadline - Date.now())),
        redirect: "error",
      });
      if (!response.ok) {
        await response.body?.cancel();
        logger.warn({ status: response.status }, "geocoder refused a lookup");
        return { kind: "unavailable", reason: "error" };
      }
      const text = await readBounded(response);
      const parsed = text === null ? null : resultSchema.safeParse(JSON.parse(text));
      if (!parsed?.success) {
        logger.warn("geocoder answered something other than a Nominatim result list");
        return { kind: "unavailable", reason: "error" };
      }
      const first = parsed.data[0];
      if (!first || !isInSweden(first.lat, first.lon)) return { kind: "not-found" };
      return { kind: "found", point: { latitude: first.lat, longitude: first.lon } };
    } catch (error) {
      const timedOut = error instanceof Error && error.name === "TimeoutError";
      logger.warn({ err: timedOut ? undefined : error }, timedOut ? "geocoder timed out" : "geocoder failed");
      return { kind: "unavailable", reason: timedOut ? "timeout" : "error" };
    }
  }

  function remember(key: string, outcome: GeocodeOutcome) {
    if (outcome.kind === "unavailable") return;
    cache.delete(key);
    while (cache.size >= maxCached) cache.delete(cache.keys().next().value as string);
    const ttl = outcome.kind === "found" ? FOUND_TTL_MS : NOT_FOUND_TTL_MS;
    cache.set(key, { outcome, expires: now() + ttl });
  }

  return {
    async geocode(query) {
      const key = normalise(query);
      if (!key) return { kind: "not-found" };
      const kept = cache.get(key);
      if (kept && kept.expires > now()) {
        // Most recently used last: the oldest is dropped first.
        cache.delete(key);
        cache.set(key, kept);
        return kept.outcome;
      }
      const pending = inFlight.get(key);
      if (pending) return pending;
      const lookup = ask(query.trim()).then((outcome) => {
        remember(key, outcome);
        return outcome;
      });
      inFlight.set(key, lookup);
      try {
        return await lookup;
      } finally {
        inFlight.delete(key);
      }
    },
  };
}
