import { useCallback, useMemo } from "react";
import { Link } from "react-router";
import { deferred } from "~/components/ui/deferred";
import { EventDetail } from "~/features/event-cards/event-detail";
import { SaveQuizButton, saveQuiz } from "~/features/follows/public";
import { ListSignupForm } from "~/features/follows/public-signup";
import type { Route } from "./+types/city-slug";

/**
 * "Senast bekräftad …" with its two buttons: the server's data only, so it waits for the visitor's first
 * act like the detail (a press before its code is in is held until it is).
 */
const ConfirmedLine = deferred(() =>
  import("~/features/confirmations/confirm-button").then((m) => m.ConfirmedLine),
);

const loadParts = () => import("./event-page-parts");
const EventTopBar = deferred(() => loadParts().then((m) => m.EventTopBar));
/** The other quizzes of the day, below the event: cards whose code loads when the visitor first acts. */
const OtherEvents = deferred(() => loadParts().then((m) => m.OtherEventCards));
const SameDayLinks = deferred(() => loadParts().then((m) => m.SameDayLinks));
/** An ended event's note: its code loads only when one shows. */
const EndedEventPage = deferred(() => loadParts().then((m) => m.EndedEventPage), { whenRendered: true });

/** The page's parts that wait for their code, for the route's clientLoader (`withDeferredParts`). */
// Typed here, not inferred: the parts' props come from the route's data, whose type includes the clientLoader.
export const EVENT_PAGE_PARTS: { preload: () => Promise<void> }[] = [
  EventTopBar,
  SameDayLinks,
  EndedEventPage,
  ConfirmedLine,
  OtherEvents,
];

/** The event page, or an ended event's note (a weekday's listing is city-weekday-view.tsx). */
export function CitySlugView({ data: loaderData }: { data: EventData | EndedData }) {
  return loaderData.kind === "ended" ? <EndedEventPage {...loaderData} /> : <EventPage {...loaderData} />;
}

export type WeekdayData = Extract<Route.ComponentProps["loaderData"], { kind: "weekday" }>;
export type EventData = Extract<Route.ComponentProps["loaderData"], { kind: "event" }>;
export type EndedData = Extract<Route.ComponentProps["loaderData"], { kind: "ended" }>;

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
  canConfirm,
  editor,
}: EventData) {
  // The event's own skåla button keeps its live count itself (no other part of the page shows it), so the
  // detail's props stay the loader's and its deferred parts wait for the visitor's first act.
  // The signup form waits for its code (ui/deferred.tsx) only while its props stay the same.
  const { id, title, citySlug, slug } = event;
  const signupTarget = useMemo(() => ({ kind: "event" as const, eventId: id }), [id]);
  const saveAfterSignup = useCallback(
    () => saveQuiz({ id, title, path: `/quiz/${citySlug}/${slug}` }),
    [id, title, citySlug, slug],
  );
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12">
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: server-built JSON with "<" escaped */}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd }} />
      <EventTopBar city={city} title={event.title} editor={editor} />
      <div className="mt-4">
        <EventDetail event={event} schedule={schedule} upcoming={upcoming} breaks={breaks} origin={origin} />
      </div>
      <div className="mt-4">
        <ConfirmedLine
          eventId={event.id}
          lastConfirmedAt={lastConfirmedAt}
          unconfirmedSince={unconfirmedSince}
          canConfirm={canConfirm}
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
      {others.length > 0 && (
        <section aria-labelledby="fler" className="mt-14">
          <h2 id="fler" className="mb-4 text-xl font-semibold">
            Fler quiz i {city.name} samma dag
          </h2>
          <OtherEvents events={others} />
          {hasMore && <SameDayLinks city={city} days={days} />}
        </section>
      )}
    </div>
  );
}
