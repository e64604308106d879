import { useCallback, useMemo } from "react";
import { Link } from "react-router";
import { deferred } from "~/components/ui/deferred";
import { BeerButton } from "~/features/beers/public";
import { SaveQuizButton, saveQuiz } from "~/features/follows/public";
import type { Route } from "./+types/city-slug";

/* The skåla button and star render beside the islands: inside one they would wait for its chunk. */
const loadParts = () => import("./event-page-parts");
const EventTopBar = deferred(() => loadParts().then((m) => m.EventTopBar));
const EventHeading = deferred(() => loadParts().then((m) => m.EventHeading));
const EventWhenWhere = deferred(() => loadParts().then((m) => m.EventWhenWhere));
const EventIntro = deferred(() => loadParts().then((m) => m.EventIntro));
const EventFactsPanel = deferred(() => loadParts().then((m) => m.EventFactsPanel));
const EventLinks = deferred(() => loadParts().then((m) => m.EventLinks));
const ConfirmedLine = deferred(() => loadParts().then((m) => m.ConfirmedLine));
const ListSignupForm = deferred(() => loadParts().then((m) => m.ListSignupForm));
const SameDaySection = deferred(() => loadParts().then((m) => m.SameDaySection));
/** An ended event's note: its code loads only when one shows. */
const EndedEventPage = deferred(() => loadParts().then((m) => m.EndedEventPage), { whenRendered: true });

/** The page's parts that wait for their code, for the route's clientLoader (`withDeferredParts`). */
// Typed here, not inferred: the parts' props come from the route's data, whose type includes the clientLoader.
export const EVENT_PAGE_PARTS: { preload: () => Promise<void> }[] = [
  EventTopBar,
  EventHeading,
  EventWhenWhere,
  EventIntro,
  EventFactsPanel,
  EventLinks,
  ConfirmedLine,
  ListSignupForm,
  SameDaySection,
  EndedEventPage,
];

export function CitySlugView({ data: loaderData }: { data: EventData | EndedData }) {
  return loaderData.kind === "ended" ? <EndedEventPage {...loaderData} /> : <EventPage {...loaderData} />;
}

export type WeekdayData = Extract<Route.ComponentProps["loaderData"], { kind: "weekday" }>;
export type EventData = Extract<Route.ComponentProps["loaderData"], { kind: "event" }>;
export type EndedData = Extract<Route.ComponentProps["loaderData"], { kind: "ended" }>;

const card =
  "h-fit rounded-2xl border border-stone-200 bg-white p-5 sm:p-6 dark:border-stone-800 dark:bg-stone-900";

function EventPage({
  city,
  event,
  schedule,
  upcoming,
  breaks,
  others,
  hasMore,
  days,
  jsonLd,
  origin,
  lastConfirmedAt,
  unconfirmedSince,
  confirmNight,
  editor,
}: EventData) {
  // Island props stay stable so each hydrates once its code is in; the skåla button keeps its own count.
  const { id, title, citySlug, slug } = event;
  const signupTarget = useMemo(() => ({ kind: "event" as const, eventId: id }), [id]);
  const saveAfterSignup = useCallback(
    () => saveQuiz({ id, title, path: `/quiz/${citySlug}/${slug}` }),
    [id, title, citySlug, slug],
  );
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12">
      <EventTopBar city={city} title={event.title} editor={editor} jsonLd={jsonLd} />
      {/* "När" and "Var" come right after the title so a phone shows them in its first screen. */}
      <article className="mt-4 grid gap-6 lg:grid-cols-[3fr_2fr] lg:grid-rows-[auto_auto_1fr] lg:gap-x-8">
        <div className="lg:col-start-1 lg:row-start-1">
          <EventHeading event={event} />
        </div>
        <div className={`${card} space-y-5 lg:col-start-2 lg:row-span-2 lg:row-start-1`}>
          <EventWhenWhere event={event} schedule={schedule} upcoming={upcoming} breaks={breaks} />
        </div>
        <div className="lg:col-start-1 lg:row-span-2 lg:row-start-2">
          <EventIntro event={event} />
        </div>
        <aside className={`${card} space-y-6 lg:col-start-2 lg:row-start-3`}>
          <EventFactsPanel event={event} />
          <div className="flex flex-wrap items-center gap-3 border-t border-stone-200 pt-5 dark:border-stone-800">
            <BeerButton eventId={event.id} eventTitle={event.title} count={event.beerCounter} size="md" />
            <EventLinks event={event} origin={origin} />
          </div>
        </aside>
      </article>
      <div className="mt-4">
        <ConfirmedLine
          eventId={event.id}
          lastConfirmedAt={lastConfirmedAt}
          unconfirmedSince={unconfirmedSince}
          confirmNight={confirmNight}
        />
      </div>
      <div className="mt-8 max-w-2xl space-y-4">
        <SaveQuizButton
          quiz={{ id: event.id, title: event.title, path: `/quiz/${event.citySlug}/${event.slug}` }}
        />
        <ListSignupForm target={signupTarget} onDone={saveAfterSignup} />
        <p className="text-sm">
          <Link to={`/quizvard/ansok/${event.id}`} className="font-medium underline">
            Är det här ditt quiz?
          </Link>
        </p>
      </div>
      {others.length > 0 && <SameDaySection city={city} others={others} hasMore={hasMore} days={days} />}
    </div>
  );
}
