import { useWindowVirtualizer } from "@tanstack/react-virtual";
import { type ReactNode, Suspense, useEffect, useLayoutEffect, useRef, useState } from "react";
import type { Weekday } from "~/lib/time";
import type { EventsChange } from "./admin/event-admin-controls";
import type { CardEvent } from "./card-event";
import { EventCard } from "./event-card";
import { EventListRow } from "./event-list-row";
import { HOME_PAGE_SIZE, type ViewMode } from "./filters";

/** Spec §9: 768 px mobile breakpoint, 1/2/3/4 columns, overscan 200 (px of rows beyond the viewport). */
export const MOBILE_BREAKPOINT_PX = 768;
export const OVERSCAN_PX = 200;
const COLUMN_BREAKPOINTS = [
  { minWidth: 1280, columns: 4 },
  { minWidth: 1024, columns: 3 },
  { minWidth: 640, columns: 2 },
] as const;
const ROW_GAP_PX = 24;
const LIST_GAP_PX = 12;
/** Cards above the fold load their image at once. */
const PRIORITY_ITEMS = 2;
/**
 * Server-rendered items from this index on are laid out only when scrolled near (content-visibility):
 * a phone then styles and lays out a screenful, not all of them, before the first paint. The sizes are
 * placeholders until an item has been rendered once.
 */
const EAGER_LAYOUT_ITEMS = 4;
const DEFERRED_CARD = "[content-visibility:auto] [contain-intrinsic-size:auto_500px]";
const DEFERRED_ROW = "[content-visibility:auto] [contain-intrinsic-size:auto_90px]";

const useIsomorphicLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;

function columnsFor(width: number): number {
  return COLUMN_BREAKPOINTS.find((b) => width >= b.minWidth)?.columns ?? 1;
}

/** Window width class, known only in the browser; null during server render and hydration. */
function useLayoutWidth() {
  const [width, setWidth] = useState<number | null>(null);
  useIsomorphicLayoutEffect(() => {
    const update = () => setWidth(document.documentElement.clientWidth);
    update();
    window.addEventListener("resize", update);
    return () => window.removeEventListener("resize", update);
  }, []);
  return width;
}

/** Links to the listing's other pages, for as long as the browser has only the server's page. */
export type Pagination = { page: number; pages: number; hrefFor: (page: number) => string };

type Props = {
  /** The events to show: every match once the full list is in the browser, else the server's page. */
  events: CardEvent[];
  pagination: Pagination | null;
  view: ViewMode;
  isAdmin: boolean;
  onCountChange: (eventId: string, count: number) => void;
  onEventsChange: (change: EventsChange) => void;
  /** Filtered to one weekday: cards show that day's time. */
  onWeekday?: Weekday;
};

/**
 * The home listing. The server renders every matching event as a plain grid (so it works without
 * JavaScript and is indexable); in the browser the same layout is virtualised over the window.
 */
export function EventGrid({
  events,
  pagination,
  view,
  isAdmin,
  onCountChange,
  onEventsChange,
  onWeekday,
}: Props) {
  const width = useLayoutWidth();
  const card = (e: CardEvent, i: number) => (
    <EventCard
      event={e}
      isAdmin={isAdmin}
      onCountChange={onCountChange}
      onEventsChange={onEventsChange}
      priority={i < PRIORITY_ITEMS}
      onWeekday={onWeekday}
    />
  );
  const row = (e: CardEvent, i: number) => (
    <EventListRow
      event={e}
      onCountChange={onCountChange}
      priority={i < PRIORITY_ITEMS}
      onWeekday={onWeekday}
    />
  );

  const pages = pagination && pagination.pages > 1 && <PageLinks {...pagination} />;
  if (width === null) {
    // The server renders one page (the first screens); the browser takes over with every match.
    const shown = events.slice(0, HOME_PAGE_SIZE);
    return (
      <>
        {view === "list" && (
          <ul className="grid grid-cols-1 gap-3 md:hidden">
            <ServerItems items={shown} render={row} deferredClassName={DEFERRED_ROW} />
          </ul>
        )}
        <ul
          className={`grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4 ${view === "list" ? "hidden md:grid" : ""}`}
        >
          <ServerItems items={shown} render={card} deferredClassName={DEFERRED_CARD} />
        </ul>
        {pages}
      </>
    );
  }
  const asList = view === "list" && width < MOBILE_BREAKPOINT_PX;
  return (
    <>
      {asList ? (
        <VirtualRows key="list" items={events} columns={1} gap={LIST_GAP_PX} estimate={90} render={row} />
      ) : (
        <VirtualRows
          key={`grid-${columnsFor(width)}`}
          items={events}
          columns={columnsFor(width)}
          gap={ROW_GAP_PX}
          estimate={estimateCardHeight(width, columnsFor(width))}
          render={card}
        />
      )}
      {pages}
    </>
  );
}

/** "Föregående", "Sida 2 av 5", "Nästa": every event is reachable without JavaScript. */
function PageLinks({ page, pages, hrefFor }: Pagination) {
  const link = "inline-flex min-h-10 items-center rounded-md px-3 font-medium underline underline-offset-2";
  return (
    <nav aria-label="Sidor" className="mt-8 flex flex-wrap items-center justify-center gap-3 text-sm">
      {page > 1 && (
        <a href={hrefFor(page - 1)} rel="prev" className={link}>
          Föregående
        </a>
      )}
      <span aria-current="page">
        Sida {page} av {pages}
      </span>
      {page < pages && (
        <a href={hrefFor(page + 1)} rel="next" className={link}>
          Nästa
        </a>
      )}
    </nav>
  );
}

/**
 * The server-rendered items. Those past the first screenful sit in a Suspense boundary: hydration
 * leaves such a boundary for later, and the virtualised list replaces the whole server grid right after
 * the first render, so the browser never spends time hydrating cards it is about to drop.
 */
function ServerItems({
  items,
  render,
  deferredClassName,
}: {
  items: CardEvent[];
  render: (e: CardEvent, index: number) => ReactNode;
  deferredClassName: string;
}) {
  return (
    <>
      {items.slice(0, EAGER_LAYOUT_ITEMS).map((e, i) => (
        <li key={e.id}>{render(e, i)}</li>
      ))}
      <Suspense fallback={null}>
        {items.slice(EAGER_LAYOUT_ITEMS).map((e, i) => (
          <li key={e.id} className={deferredClassName}>
            {render(e, EAGER_LAYOUT_ITEMS + i)}
          </li>
        ))}
      </Suspense>
    </>
  );
}

/** Image height at 16/9 of the column width plus the fixed text block. */
function estimateCardHeight(width: number, columns: number) {
  const content = Math.min(width, 1280) - 48 - ROW_GAP_PX * (columns - 1);
  return Math.round(((content / columns) * 9) / 16 + 275);
}

function VirtualRows({
  items,
  columns,
  gap,
  estimate,
  render,
}: {
  items: CardEvent[];
  columns: number;
  gap: number;
  estimate: number;
  render: (e: CardEvent, index: number) => ReactNode;
}) {
  const list = useRef<HTMLUListElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  const rowCount = Math.ceil(items.length / columns);

  useIsomorphicLayoutEffect(() => {
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
    <ul ref={list} className="relative" style={{ height: Math.max(0, virtualizer.getTotalSize() - gap) }}>
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
              style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, columnGap: ROW_GAP_PX }}
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
