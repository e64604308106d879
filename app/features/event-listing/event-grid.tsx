import {
  memo,
  type ReactNode,
  Suspense,
  useEffect,
  useLayoutEffect,
  useState,
  useSyncExternalStore,
} from "react";
import { PageLinks, type Pagination } from "~/components/ui/page-links";
import { EventCard } from "~/features/event-cards/public";
import type { CardEvent } from "~/features/events/public";
import type { Weekday } from "~/lib/time";
import { MOBILE_BREAKPOINT_PX } from "./breakpoints";
import { EventListRow } from "./event-list-row";
import { HOME_PAGE_SIZE, type ViewMode } from "./filters";
import { MoreSentinel } from "./more-sentinel";

import type VirtualRowsType from "./virtual-rows";

/** 1/2/3/4 columns (overscan: see virtual-rows.tsx). */
const COLUMN_BREAKPOINTS = [
  { minWidth: 1280, columns: 4 },
  { minWidth: 1024, columns: 3 },
  { minWidth: 640, columns: 2 },
] as const;
const ROW_GAP_PX = 24;
const LIST_GAP_PX = 12;
/** The first card is the largest paint on a phone: its image loads at once, with high priority. */
const PRIORITY_ITEMS = 1;
/** From here on items use content-visibility, so a phone lays out one screenful before first paint. */
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

/** The virtualised list is its own chunk, loaded when the visitor nears the end of the first page. */
let virtualRows: typeof VirtualRowsType | null = null;
let virtualRowsRequested = false;
const virtualRowsListeners = new Set<() => void>();

function loadVirtualRows() {
  if (virtualRowsRequested) return;
  virtualRowsRequested = true;
  import("./virtual-rows").then(
    (m) => {
      const focused = focusedListingControl();
      virtualRows = m.default;
      for (const listener of virtualRowsListeners) listener();
      if (focused)
        requestAnimationFrame(() =>
          document.querySelector<HTMLElement>(focused)?.focus({ preventScroll: true }),
        );
    },
    // Offline or a new deployment: the first page stays, and the next visit to home tries again.
    () => {
      virtualRowsRequested = false;
    },
  );
}

function subscribeVirtualRows(listener: () => void) {
  virtualRowsListeners.add(listener);
  return () => {
    virtualRowsListeners.delete(listener);
  };
}

function useVirtualRows() {
  return useSyncExternalStore(
    subscribeVirtualRows,
    () => virtualRows,
    () => null,
  );
}

export type { Pagination };

type Props = {
  events: CardEvent[];
  pagination: Pagination | null;
  view: ViewMode;
  onCountChange: (eventId: string, count: number) => void;
  /** An admin's controls on each card (home only). */
  adminActions?: (event: CardEvent) => ReactNode;
  onWeekday?: Weekday;
};

export const EventGrid = memo(function EventGrid({
  events,
  pagination,
  view,
  onCountChange,
  adminActions,
  onWeekday,
}: Props) {
  const width = useLayoutWidth();
  const VirtualRows = useVirtualRows();
  const card = (e: CardEvent, i: number) => (
    <EventCard
      event={e}
      onCountChange={onCountChange}
      adminActions={adminActions}
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
  const asList = view === "list" && width !== null && width < MOBILE_BREAKPOINT_PX;
  if (width === null || !VirtualRows) {
    // One server page until the visitor nears its end; then the virtualised list takes every match.
    const shown = events.slice(0, HOME_PAGE_SIZE);
    return (
      <>
        {view === "list" && (width === null || asList) && (
          <ul data-listing className="grid grid-cols-1 gap-3 md:hidden">
            <ServerItems items={shown} render={row} deferredClassName={DEFERRED_ROW} />
          </ul>
        )}
        {!asList && (
          <ul
            data-listing
            className={`grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4 ${view === "list" ? "hidden md:grid" : ""}`}
          >
            <ServerItems items={shown} render={card} deferredClassName={DEFERRED_CARD} />
          </ul>
        )}
        {events.length > HOME_PAGE_SIZE && <MoreSentinel onNear={loadVirtualRows} />}
        {pages}
      </>
    );
  }
  return (
    <>
      {asList ? (
        <VirtualRows
          key="list"
          items={events}
          columns={1}
          gap={LIST_GAP_PX}
          columnGap={ROW_GAP_PX}
          estimate={90}
          render={row}
        />
      ) : (
        <VirtualRows
          key={`grid-${columnsFor(width)}`}
          items={events}
          columns={columnsFor(width)}
          gap={ROW_GAP_PX}
          columnGap={ROW_GAP_PX}
          estimate={estimateCardHeight(width, columnsFor(width))}
          render={card}
        />
      )}
      {pages}
    </>
  );
});

/** Lets focus move to the twin control when the virtualised list replaces the first page's items. */
function focusedListingControl(): string | null {
  const el = document.activeElement;
  if (!(el instanceof HTMLElement) || !el.closest("[data-listing]")) return null;
  const label = el.getAttribute("aria-label");
  if (label) return `[data-listing] ${el.tagName}[aria-label="${CSS.escape(label)}"]`;
  const href = el.getAttribute("href");
  return href ? `[data-listing] a[href="${CSS.escape(href)}"]` : null;
}

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

function estimateCardHeight(width: number, columns: number) {
  const content = Math.min(width, 1280) - 48 - ROW_GAP_PX * (columns - 1);
  return Math.round(((content / columns) * 9) / 16 + 275);
}
