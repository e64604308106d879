import { LayoutGrid, List } from "lucide-react";
import { useCallback, useEffect, useMemo, useState } from "react";
import { preload } from "react-dom";
import { useNavigate, useSearchParams } from "react-router";
import { Button } from "~/components/ui/button";
import { deferred } from "~/components/ui/deferred";
import { EmptyState } from "~/components/ui/empty-state";
import { MOBILE_BREAKPOINT_PX } from "~/features/event-listing/breakpoints";
import { countListed } from "~/features/event-listing/day-shortcuts";
import { EventGrid, type Pagination } from "~/features/event-listing/event-grid";
import { prepareSearch } from "~/features/event-listing/event-search";
import { hasFactChoices } from "~/features/event-listing/fact-filter";
import { FilterForm, FilterPanel, filterButtonProps } from "~/features/event-listing/filter-panel";
import {
  clearFilters,
  type FilterState,
  filterCounts,
  filterEvents,
  filterSearch,
  MAX_QUERY_LENGTH,
  parseFilterParams,
  toFilterParams,
  type ViewMode,
} from "~/features/event-listing/filters";
import { HomeIntro } from "~/features/event-listing/home-intro";
import { atListing, LISTING_ANCHOR, landsAtListing } from "~/features/event-listing/list-landing";
import { useFullListing } from "~/features/event-listing/use-full-listing";
import { useLiveEvents } from "~/features/event-listing/use-live-events";
import { type CardEvent, unpackCard } from "~/features/events/card-event";
import { UploadLimitContext } from "~/features/images/public";
import { keepNear, NearMe } from "~/features/places/public";
import { SuggestionDialog } from "~/features/reports/suggestion-dialog";
import { joinCityNames } from "~/lib/cities";
import { cn } from "~/lib/cn";
import { setPendingQuery, usePendingQuery } from "~/lib/live-query";
import { pageHref } from "~/lib/paging";
import { useAfterPaint } from "~/lib/use-after-paint";
import type { Route } from "./+types/home";

export { hasFullListing } from "~/features/event-listing/use-full-listing";

type HomeData = Route.ComponentProps["loaderData"];

// Loaded only where rendered (an admin's home), so visitors never download it.
const EventCardAdminActions = deferred(
  () => import("~/features/event-editor/event-admin-controls").then((m) => m.EventCardAdminActions),
  { whenRendered: true },
);

/** The server renders one page; the browser then fetches every card and filters without the server. */
export function HomeView({ loaderData }: { loaderData: HomeData }) {
  const [params] = useSearchParams();
  const pendingQuery = usePendingQuery();
  const fromUrl = useMemo(() => parseFilterParams(params), [params]);
  // Ahead of the URL, so a second quick press builds on the first instead of on the stale address.
  const [ahead, setAhead] = useState<FilterState | null>(null);
  useEffect(() => {
    setAhead((state) => (state && filterSearch(state) === filterSearch(fromUrl) ? null : state));
  }, [fromUrl]);
  const filter = useMemo(() => {
    const base = ahead ?? fromUrl;
    return pendingQuery === null ? base : { ...base, q: pendingQuery.slice(0, MAX_QUERY_LENGTH) };
  }, [ahead, fromUrl, pendingQuery]);
  const { dates, listUrl } = loaderData;

  preload(listUrl, { as: "fetch", crossOrigin: "anonymous" });
  const packed = useFullListing(listUrl);
  const all = useMemo<CardEvent[] | null>(
    () => packed?.map((p) => unpackCard(p, dates)) ?? null,
    [packed, dates],
  );
  const [events, onCountChange] = useLiveEvents(all);
  // So the first keystroke does not pay for folding every event's text.
  useEffect(() => {
    if (!events) return;
    if (!("requestIdleCallback" in window)) return prepareSearch(events);
    const id = requestIdleCallback(() => prepareSearch(events));
    return () => cancelIdleCallback(id);
  }, [events]);

  const serverPage = useMemo(
    () => loaderData.cards.map((p) => unpackCard(p, dates)),
    [loaderData.cards, dates],
  );
  const visible = useMemo(
    () => (events ? filterEvents(events, filter, dates) : serverPage),
    [events, filter, dates, serverPage],
  );
  // Counts follow a keystroke one frame later, so typing never waits for them.
  const choicesKey = toFilterParams({ ...filter, q: "", view: "card" }).toString();
  const countedQuery = useAfterPaint(filter.q);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the choices are compared by value (the key).
  const counts = useMemo(
    () => (events ? filterCounts(events, { ...filter, q: countedQuery }, dates) : loaderData.counts),
    [events, choicesKey, countedQuery, dates, loaderData.counts],
  );
  const shown = useAfterPaint(visible);
  // A night cancelled tonight is listed but not counted, as in the "Ikväll" chip.
  const counted = events ? countListed(visible, filter.day, dates) : loaderData.counted;
  const pagination: Pagination | null = events
    ? null
    : {
        page: loaderData.page,
        pages: loaderData.pages,
        hrefFor: (page) => atListing(pageHref("/", params, page)),
      };

  const navigate = useNavigate();
  // On a phone only: a wider screen shows the cards beside the filter.
  const setFilter = useCallback(
    (next: FilterState) => {
      setPendingQuery(null);
      setAhead(next);
      const isPhone = !window.matchMedia(`(min-width: ${MOBILE_BREAKPOINT_PX}px)`).matches;
      const hash = isPhone && landsAtListing(filter, next) ? LISTING_ANCHOR : "";
      navigate(
        { search: keepNear(filterSearch(next), params), hash },
        { replace: true, preventScrollReset: true },
      );
    },
    [filter, navigate, params],
  );
  const isAdmin = loaderData.isAdmin;
  const adminActions = useMemo(
    () => (isAdmin ? (event: CardEvent) => <EventCardAdminActions event={event} /> : undefined),
    [isAdmin],
  );

  return (
    <UploadLimitContext.Provider value={loaderData.uploadLimit}>
      <HomeIntro total={counted} />
      <NearMe
        near={loaderData.near}
        where={filter.cities.length ? `i ${joinCityNames(filter.cities)}` : ""}
      />
      <FilterPanel counts={counts} state={filter} onChange={setFilter} />
      <div className="mt-8 mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id={LISTING_ANCHOR} className="scroll-mt-20 text-lg font-semibold" aria-live="polite">
          {counted === 1 ? "1 quiz" : `${counted} quiz`}
          {filter.q && (
            <span className="font-normal text-stone-600 dark:text-stone-400"> för ”{filter.q}”</span>
          )}
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          <ViewToggle filter={filter} onChange={setFilter} />
          <SuggestionDialog triggerClassName="whitespace-nowrap" />
        </div>
      </div>
      {shown.length ? (
        <EventGrid
          events={shown}
          pagination={pagination}
          view={filter.view}
          onCountChange={onCountChange}
          adminActions={adminActions}
          onWeekday={filter.weekdays.length === 1 ? filter.weekdays[0] : undefined}
        />
      ) : (
        <EmptyState as="div" padding="xl" tone="inherit">
          <p className="text-lg font-semibold">Inga event hittades</p>
          <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">
            {hasChoices(filter)
              ? "Prova att ändra eller rensa filtren."
              : "Prova ett annat sökord, eller kolla stavningen."}
          </p>
          <FilterForm state={filter}>
            <Button
              variant="secondary"
              className="mt-5"
              {...filterButtonProps(clearFilters(filter), setFilter)}
            >
              Rensa filter
            </Button>
          </FilterForm>
        </EmptyState>
      )}
    </UploadLimitContext.Provider>
  );
}

/** The search text aside. */
const hasChoices = (filter: FilterState) =>
  filter.cities.length + filter.types.length + filter.weekdays.length > 0 ||
  filter.day !== null ||
  hasFactChoices(filter.facts);

/** Kort/Lista, only below 768 px. */
function ViewToggle({ filter, onChange }: { filter: FilterState; onChange: (next: FilterState) => void }) {
  const option = (value: ViewMode, label: string, Icon: typeof List) => (
    <button
      {...filterButtonProps({ ...filter, view: value }, onChange)}
      aria-pressed={filter.view === value}
      className={cn(
        "inline-flex min-h-9 items-center gap-1.5 rounded-md px-3 text-sm font-medium",
        filter.view === value
          ? "bg-white text-stone-900 shadow-sm dark:bg-stone-700 dark:text-white"
          : "text-stone-700 dark:text-stone-300",
      )}
    >
      <Icon aria-hidden className="size-4" />
      {label}
    </button>
  );
  return (
    <FilterForm state={filter} className="md:hidden">
      <fieldset className="flex rounded-lg bg-stone-200 p-1 dark:bg-stone-800">
        <legend className="sr-only">Visning</legend>
        {option("card", "Kort", LayoutGrid)}
        {option("list", "Lista", List)}
      </fieldset>
    </FilterForm>
  );
}
