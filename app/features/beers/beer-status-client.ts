import { apiFetch } from "~/lib/api-client";
import { findVisitorId, getVisitorId } from "~/lib/visitor-id";
import { MAX_STATUS_EVENTS } from "./beer-rules";

/** The buttons' initial state (the visitor's cooldown, and the event's count now: the page may be a cached copy a few seconds old), loaded in batches: every button that mounts in the same tick shares one request, so a page of cards costs one look-up instead of one per card. */
export type BeerStatusOfEvent = { remainingMinutes: number; count: number | null };
type Waiter = (status: BeerStatusOfEvent | null) => void;

const waiting = new Map<string, Waiter[]>();
let isFlushScheduled = false;

export function loadBeerStatus(eventId: string): Promise<BeerStatusOfEvent | null> {
  return new Promise((resolve) => {
    const list = waiting.get(eventId) ?? [];
    list.push(resolve);
    waiting.set(eventId, list);
    if (!isFlushScheduled) {
      isFlushScheduled = true;
      setTimeout(flush, 0);
    }
  });
}

function flush() {
  isFlushScheduled = false;
  const batch = new Map(waiting);
  waiting.clear();
  const ids = [...batch.keys()];
  // Only reads: it never throws (storage refused reads as no identifier) and never makes one.
  const visitorId = findVisitorId();
  for (let i = 0; i < ids.length; i += MAX_STATUS_EVENTS) {
    const chunk = ids.slice(i, i + MAX_STATUS_EVENTS);
    void fetchChunk(visitorId, chunk).then((statusById) => {
      for (const id of chunk) {
        const value = statusById?.get(id) ?? null;
        for (const resolve of batch.get(id) ?? []) resolve(value);
      }
    });
  }
}

async function fetchChunk(
  visitorId: string | null,
  eventIds: string[],
): Promise<Map<string, BeerStatusOfEvent> | null> {
  try {
    const query = new URLSearchParams({
      ...(visitorId ? { visitor: visitorId } : {}),
      events: eventIds.join(","),
    });
    const body = await apiFetch<{
      statuses: { eventId: string; remainingMinutes: number; count?: number | null }[];
    }>(`/api/beer-status?${query}`);
    return new Map(
      body.statuses.map((s) => [
        s.eventId,
        { remainingMinutes: s.remainingMinutes, count: typeof s.count === "number" ? s.count : null },
      ]),
    );
  } catch {
    return null;
  }
}

export type BeerClickOutcome =
  | { kind: "accepted"; count: number }
  | { kind: "cooldown"; remainingMinutes: number }
  | { kind: "failed" };

/** Asks the server to record one skåla; the server alone decides about the cooldown. */
export async function sendBeer(eventId: string): Promise<BeerClickOutcome> {
  try {
    const body = await apiFetch<{ status?: string; count?: number; remainingMinutes?: number } | null>(
      `/api/events/${encodeURIComponent(eventId)}/beer`,
      { json: { visitorId: getVisitorId() } },
    );
    if (!body) return { kind: "failed" };
    if (body.status === "accepted" && typeof body.count === "number") {
      return { kind: "accepted", count: body.count };
    }
    if (body.status === "cooldown" && typeof body.remainingMinutes === "number")
      return { kind: "cooldown", remainingMinutes: body.remainingMinutes };
    return { kind: "failed" };
  } catch {
    return { kind: "failed" };
  }
}
