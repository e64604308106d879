import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/** False in the server render and until hydration. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
