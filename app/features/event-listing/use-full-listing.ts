import { useEffect, useSyncExternalStore } from "react";
import type { PackedCard } from "~/features/events/public";

/**
 * Every event's packed card, fetched once per listing URL after the page is up (the server renders only the
 * first page). Null until it has arrived, and always null during server render and hydration, so the first
 * browser render matches the server's HTML.
 */
const loaded = new Map<string, PackedCard[]>();
/** The last list that arrived for each listing (its URL without version and minute), shown while a newer loads. */
const latestOfListing = new Map<string, PackedCard[]>();
const pending = new Set<string>();
const listeners = new Set<() => void>();
/** The URL home asked for last. */
let currentUrl: string | null = null;

function load(url: string) {
  if (loaded.has(url) || pending.has(url)) return;
  pending.add(url);
  fetch(url, { credentials: "same-origin" })
    .then((res) => (res.ok ? (res.json() as Promise<{ cards: PackedCard[] }>) : Promise.reject(res.status)))
    .then(({ cards }) => {
      loaded.set(url, cards);
      latestOfListing.set(listingOf(url), cards);
      for (const listener of listeners) listener();
    })
    // Without the full list home keeps the server's pages and their links; the next visit tries again.
    .catch(() => {})
    .finally(() => pending.delete(url));
}

function listingOf(url: string): string {
  const parsed = new URL(url, "http://listing");
  parsed.searchParams.delete("v");
  parsed.searchParams.delete("t");
  return `${parsed.pathname}?${parsed.searchParams}`;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useFullListing(url: string | null): PackedCard[] | null {
  useEffect(() => {
    currentUrl = url;
    if (url) load(url);
  }, [url]);
  // Hydration reads the server snapshot (null), then React re-renders with the list if it is already here.
  return useSyncExternalStore(
    subscribe,
    // After a change (an admin's save) the URL names a new version: the older list stays until it is here.
    () => (url ? (loaded.get(url) ?? latestOfListing.get(listingOf(url)) ?? null) : null),
    () => null,
  );
}

/** Whether home's full list is in the browser: then a filter change needs nothing from the server. */
export function hasFullListing(): boolean {
  return currentUrl !== null && loaded.has(currentUrl);
}
