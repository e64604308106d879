import { useEffect, useRef } from "react";

const SCROLL_KEYS = new Set(["PageDown", "PageUp", "End", "Home", "ArrowDown", "ArrowUp", " "]);

export function MoreSentinel({ onNear }: { onNear: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let hasIntent = false;
    const onIntent = () => {
      hasIntent = true;
    };
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (SCROLL_KEYS.has(event.key) && !target?.closest("input, textarea, select, [role=dialog]"))
        hasIntent = true;
    };
    const onScroll = () => {
      const node = ref.current;
      if (hasIntent && node && node.getBoundingClientRect().top <= 2 * window.innerHeight) done();
    };
    const onFocus = (event: FocusEvent) => {
      if ((event.target as HTMLElement | null)?.closest?.("[data-listing] > li:last-child")) done();
    };
    const listeners = [
      ["wheel", onIntent],
      ["touchmove", onIntent],
      ["keydown", onKey],
      ["scroll", onScroll],
      ["focusin", onFocus],
    ] as const;
    function done() {
      for (const [type, listener] of listeners) window.removeEventListener(type, listener as EventListener);
      onNear();
    }
    for (const [type, listener] of listeners)
      window.addEventListener(type, listener as EventListener, { passive: true });
    return () => {
      for (const [type, listener] of listeners) window.removeEventListener(type, listener as EventListener);
    };
  }, [onNear]);
  return <div ref={ref} aria-hidden />;
}
