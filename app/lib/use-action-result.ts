import { useEffect, useRef } from "react";

/**
 * Runs `onResult` once for each new answer of an action (a fetcher's `data`): the toast, closing a dialog.
 * The answer is data the router holds; this is the one place a form reacts to its arrival.
 */
export function useActionResult<T>(result: T | undefined, onResult: (result: T) => void) {
  const latest = useRef(onResult);
  latest.current = onResult;
  useEffect(() => {
    if (result !== undefined) latest.current(result);
  }, [result]);
}
