import { useEffect, useRef } from "react";

/** Runs `onResult` once per new answer of an action: the one place a form reacts to its arrival. */
export function useActionResult<T>(result: T | undefined, onResult: (result: T) => void) {
  const latest = useRef(onResult);
  latest.current = onResult;
  useEffect(() => {
    if (result !== undefined) latest.current(result);
  }, [result]);
}
