import { useSyncExternalStore } from "react";

/** The URL's q catches up after a pause, so a keystroke costs no navigation. `null`: the URL is the truth. */
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

export function usePendingQuery(): string | null {
  return useSyncExternalStore(subscribe, getPendingQuery, () => null);
}
