import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False in the server render and until hydration. The auth forms only work through JavaScript, so their
 * buttons stay disabled until then: an early Enter must not submit a password as a plain form.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
