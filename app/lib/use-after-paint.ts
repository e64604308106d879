import { startTransition, useEffect, useState } from "react";

/**
 * The value one painted frame later. A keystroke's frame shows the search field and the heading's count;
 * the cards follow right after it, in a transition the next keystroke interrupts, so typing never waits
 * for cards to mount and lay out.
 */
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
