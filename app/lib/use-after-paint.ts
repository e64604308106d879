import { startTransition, useEffect, useState } from "react";

/** The value one painted frame later, so typing never waits for cards to mount. */
export function useAfterPaint<T>(value: T): T {
  const [late, setLate] = useState(value);
  useEffect(() => {
    if (Object.is(late, value)) return;
    let timer: number | undefined;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => startTransition(() => setLate(value)));
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [value, late]);
  return late;
}
