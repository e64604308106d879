import { useSyncExternalStore } from "react";

/**
 * The header search text while the visitor types, ahead of the URL. Home filters from it on every
 * keystroke; the URL's q parameter catches up once typing pauses (URL_DELAY_MS), so a keystroke costs one
 * render of the listing and not a router navigation and a history entry rewrite as well. `null`: nothing
 * pending, the URL is the truth.
 */
export const URL_DELAY_MS = 250;

let pending: string | null = null;
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

export function setPendingQuery(text: string | null) {
  if (pending === text) return;
  pending = text;
  notify();
}

export function getPendingQuery(): string | null {
  return pending;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The pending search text, or null when the URL is up to date (always null on the server). */
export function usePendingQuery(): string | null {
  return useSyncExternalStore(subscribe, getPendingQuery, () => null);
}
