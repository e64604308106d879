import { startTransition, useEffect, useState } from "react";
import type { PackedCard } from "~/features/events/public";

/** Every event's packed card, fetched once per listing URL after the page is up (SSR has one page). */
const loaded = new Map<string, PackedCard[]>();
/** The last list that arrived for each listing (its URL without version and minute), shown while a newer loads. */
const latestOfListing = new Map<string, PackedCard[]>();
const pending = new Set<string>();
const listeners = new Set<() => void>();
let currentUrl: string | null = null;
let renderedUrl: string | null = null;
/** False until the first listing has mounted: a later mount (a navigation) may start from the list in hand. */
let isPastHydration = false;

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

/** After a change (an admin's save) the URL names a new version: the older list stays until it is here. */
const inHand = (url: string | null) =>
  url ? (loaded.get(url) ?? latestOfListing.get(listingOf(url)) ?? null) : null;

export function useFullListing(url: string | null): PackedCard[] | null {
  const [cards, setCards] = useState(() => (isPastHydration ? inHand(url) : null));
  useEffect(() => {
    isPastHydration = true;
    currentUrl = url;
    const show = () => {
      const next = inHand(url);
      startTransition(() => setCards(next));
    };
    listeners.add(show);
    show();
    if (url) load(url);
    return () => {
      listeners.delete(show);
    };
  }, [url]);
  useEffect(() => {
    renderedUrl = url && cards && cards === loaded.get(url) ? url : null;
  }, [url, cards]);
  return cards;
}

export function hasFullListing(): boolean {
  return currentUrl !== null && renderedUrl === currentUrl;
}
