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

/**
 * An admin's edit and delete buttons on each card: their code is asked for only where they are rendered,
 * that is on an admin's home as the listing hydrates, and React hydrates them once it is in.
 */
const EventCardAdminActions = deferred(
  () => import("~/features/event-editor/event-admin-controls").then((m) => m.EventCardAdminActions),
  { whenRendered: true },
);

/**
 * Home's page under the hero's heading: the count, the filter panel and the listing. The server
 * renders one page of the listing; in the browser every event's card is fetched once the page's code is in,
 * and filtering then happens here without asking the server.
 */
export function HomeView({ loaderData }: { loaderData: HomeData }) {
  const [params] = useSearchParams();
  // The header search's text while the visitor types, ahead of the URL (see live-query.ts).
  const pendingQuery = usePendingQuery();
  const fromUrl = useMemo(() => parseFilterParams(params), [params]);
  // A pressed filter button is shown at once, ahead of the navigation that puts it in the URL, so a second
  // press right after the first builds on it instead of on the address the first has not yet replaced.
  const [ahead, setAhead] = useState<FilterState | null>(null);
  useEffect(() => {
    setAhead((state) => (state && filterSearch(state) === filterSearch(fromUrl) ? null : state));
  }, [fromUrl]);
  const filter = useMemo(() => {
    const base = ahead ?? fromUrl;
    return pendingQuery === null ? base : { ...base, q: pendingQuery.slice(0, MAX_QUERY_LENGTH) };
  }, [ahead, fromUrl, pendingQuery]);
  const { dates, listUrl } = loaderData;

  // Every event's card after first paint (fetched in parallel with the scripts, thanks to the preload hint).
  preload(listUrl, { as: "fetch", crossOrigin: "anonymous" });
  const packed = useFullListing(listUrl);
  const all = useMemo<CardEvent[] | null>(
    () => packed?.map((p) => unpackCard(p, dates)) ?? null,
    [packed, dates],
  );
  const [events, onCountChange] = useLiveEvents(all);
  // The first keystroke should not pay for folding every event's text: do it while the browser is idle.
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
  // Counts depend on the chosen cities and types and on the search text; they follow a keystroke one frame
  // later, with the cards, so typing never waits for them.
  const choicesKey = toFilterParams({ ...filter, q: "", view: "card" }).toString();
  const countedQuery = useAfterPaint(filter.q);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the choices are compared by value (the key).
  const counts = useMemo(
    () => (events ? filterCounts(events, { ...filter, q: countedQuery }, dates) : loaderData.counts),
    [events, choicesKey, countedQuery, dates, loaderData.counts],
  );
  // The heading's count follows a keystroke in its own frame; the cards follow right after that frame.
  const shown = useAfterPaint(visible);
  // A night cancelled tonight is listed but not counted (day-shortcuts.ts), as in the "Ikväll" chip.
  const counted = events ? countListed(visible, filter.day, dates) : loaderData.counted;
  const pagination: Pagination | null = events
    ? null
    : {
        page: loaderData.page,
        pages: loaderData.pages,
        hrefFor: (page) => atListing(pageHref("/", params, page)),
      };

  const navigate = useNavigate();
  // On a phone, choosing a city and a day lands at the listing (list-landing.ts): the router scrolls to the
  // address's fragment once the new listing is rendered. A wider screen shows the cards beside the filter.
  const setFilter = useCallback(
    (next: FilterState) => {
      setPendingQuery(null);
      setAhead(next);
      const isPhone = !window.matchMedia(`(min-width: ${MOBILE_BREAKPOINT_PX}px)`).matches;
      const hash = isPhone && landsAtListing(filter, next) ? LISTING_ANCHOR : "";
      // A position in the address (`?nara=`, "Nära mig") stays with the new filter.
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

/** Whether a city, type, weekday, date or fact is chosen (the search text aside). */
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
