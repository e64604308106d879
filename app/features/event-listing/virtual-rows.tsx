import { useWindowVirtualizer } from "@tanstack/react-virtual";
import { type ReactNode, useLayoutEffect, useRef, useState } from "react";
import type { CardEvent } from "~/features/events/public";

/** Overscan: 200 px of rows rendered beyond the viewport. */
const OVERSCAN_PX = 200;

export default function VirtualRows({
  items,
  columns,
  gap,
  columnGap,
  estimate,
  render,
}: {
  items: readonly CardEvent[];
  columns: number;
  gap: number;
  columnGap: number;
  estimate: number;
  render: (e: CardEvent, index: number) => ReactNode;
}) {
  const list = useRef<HTMLUListElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  const rowCount = Math.ceil(items.length / columns);

  useLayoutEffect(() => {
    const measure = () => {
      if (list.current) setScrollMargin(list.current.getBoundingClientRect().top + window.scrollY);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);

  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    estimateSize: () => estimate + gap,
    overscan: Math.max(1, Math.ceil(OVERSCAN_PX / estimate)),
    scrollMargin,
  });

  return (
    <ul
      ref={list}
      data-listing
      className="relative"
      style={{ height: Math.max(0, virtualizer.getTotalSize() - gap) }}
    >
      {virtualizer.getVirtualItems().map((vr) => {
        const rowItems = items.slice(vr.index * columns, vr.index * columns + columns);
        return (
          <li
            key={vr.key}
            data-index={vr.index}
            ref={virtualizer.measureElement}
            className="absolute inset-x-0 top-0"
            style={{ transform: `translateY(${vr.start - scrollMargin}px)`, paddingBottom: gap }}
          >
            <ul
              className="grid"
              style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, columnGap }}
            >
              {rowItems.map((e, i) => (
                <li key={e.id}>{render(e, vr.index * columns + i)}</li>
              ))}
            </ul>
          </li>
        );
      })}
    </ul>
  );
}
