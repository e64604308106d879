import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { cn } from "~/lib/cn";

const SCROLL_HINT = "Svep i sidled för att se hela tabellen.";

type Edges = { overflows: boolean; moreLeft: boolean; moreRight: boolean };

/** One pixel of slack for sub-pixel widths. */
function edgesOf(el: HTMLElement): Edges {
  const hidden = el.scrollWidth - el.clientWidth;
  return {
    overflows: hidden > 1,
    moreLeft: el.scrollLeft > 1,
    moreRight: el.scrollLeft < hidden - 1,
  };
}

export function ScrollTable({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  const box = useRef<HTMLElement>(null);
  const [edges, setEdges] = useState<Edges>({ overflows: false, moreLeft: false, moreRight: false });

  const measure = useCallback(() => {
    if (box.current) setEdges(edgesOf(box.current));
  }, []);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, [measure]);

  const shade = "pointer-events-none absolute inset-y-0 w-10 transition-opacity duration-200";
  return (
    <div>
      {/* Above the table, so it is read before a tall table pushes it off the screen. */}
      {edges.overflows ? (
        <p className="mb-1.5 text-xs text-stone-600 dark:text-stone-400">{SCROLL_HINT}</p>
      ) : null}
      <div className={cn("relative overflow-hidden", className)}>
        <section
          ref={box}
          aria-label={label}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
          tabIndex={0}
          onScroll={measure}
          className="overflow-x-auto focus-visible:outline-offset-[-2px]"
        >
          {children}
        </section>
        <div
          aria-hidden
          data-scroll-shade="left"
          className={cn(
            shade,
            "left-0 bg-gradient-to-r from-stone-900/25 to-transparent dark:from-black/60",
            edges.moreLeft ? "opacity-100" : "opacity-0",
          )}
        />
        <div
          aria-hidden
          data-scroll-shade="right"
          className={cn(
            shade,
            "right-0 bg-gradient-to-l from-stone-900/25 to-transparent dark:from-black/60",
            edges.moreRight ? "opacity-100" : "opacity-0",
          )}
        />
      </div>
    </div>
  );
}
