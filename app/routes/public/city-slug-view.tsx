import { ArrowRight, History, Pencil } from "lucide-react";
import { useCallback, useMemo } from "react";
import { Link } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { deferred } from "~/components/ui/deferred";
import { ConfirmedLine } from "~/features/confirmations/confirm-button";
import { EventDetail } from "~/features/event-cards/event-detail";
import { useLiveEvents } from "~/features/event-listing/use-live-events";
import type { CardEvent } from "~/features/events/card-event";
import { pluralWeekday, weekdayPath } from "~/features/events/event-format";
import { SaveQuizButton, saveQuiz } from "~/features/follows/public";
import { ListSignupForm } from "~/features/follows/public-signup";
import { formatLongDate } from "~/lib/time";
import type { Route } from "./+types/city-slug";

/**
 * The other quizzes of the day, below the event: cards whose code loads when the visitor first acts. The
 * event's own skåla, star and signup stay in the first load: they show this browser's state at once.
 */
export const OtherEvents = deferred(() =>
  import("~/features/event-listing/event-card-grid").then((m) => m.EventCardGrid),
);

/** The event page, or an ended event's note (a weekday's listing is city-weekday-view.tsx). */
export function CitySlugView({ data: loaderData }: { data: EventData | EndedData }) {
  return loaderData.kind === "ended" ? <EndedEventPage {...loaderData} /> : <EventPage {...loaderData} />;
}

/** An event its host reported ended: off every listing until an admin decides; its page says so. */
function EndedEventPage({ city, title, endedReportedAt }: EndedData) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12">
      <Breadcrumbs city={city} current={title} />
      <h1 className="mt-4 text-3xl font-bold tracking-tight">{title}</h1>
      <p role="status" className="mt-4 max-w-2xl text-stone-700 dark:text-stone-300">
        Quizvärden har meddelat att quizet har upphört ({formatLongDate(endedReportedAt)}). Det visas inte i
        listorna medan vi går igenom det.
      </p>
      <p className="mt-6">
        <Link to={`/quiz/${city.slug}`} className={buttonClasses("secondary")}>
          Alla quiz i {city.name}
        </Link>
      </p>
    </div>
  );
}

export type WeekdayData = Extract<Route.ComponentProps["loaderData"], { kind: "weekday" }>;
type EventData = Extract<Route.ComponentProps["loaderData"], { kind: "event" }>;
type EndedData = Extract<Route.ComponentProps["loaderData"], { kind: "ended" }>;

export function Breadcrumbs({ city, current }: { city: WeekdayData["city"]; current: string }) {
  return (
    <nav aria-label="Brödsmulor" className="text-sm text-stone-600 dark:text-stone-400">
      <Link to="/" className="rounded-sm hover:underline">
        Start
      </Link>{" "}
      /{" "}
      <Link to={`/quiz/${city.slug}`} className="rounded-sm hover:underline">
        {city.name}
      </Link>{" "}
      / <span aria-current="page">{current}</span>
    </nav>
  );
}

function EventPage({
  city,
  event: initialEvent,
  schedule,
  upcoming,
  breaks,
  others: initialOthers,
  hasMore,
  days,
  jsonLd,
  origin,
  lastConfirmedAt,
  unconfirmedSince,
  canConfirm,
  editor,
}: EventData) {
  // One array per loader result: a new one on every render would reset the live counts (a skåla just
  // counted would fall back to the loader's figure whenever the page re-renders).
  const initial = useMemo<CardEvent[]>(() => [initialEvent], [initialEvent]);
  const [live, onCountChange] = useLiveEvents(initial);
  const beerCounter = live[0]?.beerCounter ?? initialEvent.beerCounter;
  const event = useMemo(() => ({ ...initialEvent, beerCounter }), [initialEvent, beerCounter]);
  // The other quizzes (never this event) keep counts of their own: the event's count arriving after load
  // leaves their props as they were, so their cards go on waiting for the visitor's first act.
  const [others, onOthersCountChange] = useLiveEvents(initialOthers);
  // The signup form waits for its code (ui/deferred.tsx) only while its props stay the same.
  const { id, title, citySlug, slug } = initialEvent;
  const signupTarget = useMemo(() => ({ kind: "event" as const, eventId: id }), [id]);
  const saveAfterSignup = useCallback(
    () => saveQuiz({ id, title, path: `/quiz/${citySlug}/${slug}` }),
    [id, title, citySlug, slug],
  );
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12">
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: server-built JSON with "<" escaped */}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd }} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Breadcrumbs city={city} current={event.title} />
        {editor && (
          <div className="flex gap-2">
            <Link to={editor.edit} className={buttonClasses("secondary", "min-h-9")}>
              <Pencil aria-hidden className="size-4" /> Redigera
            </Link>
            {editor.history && (
              <Link to={editor.history} className={buttonClasses("ghost", "min-h-9")}>
                <History aria-hidden className="size-4" /> Ändringshistorik
              </Link>
            )}
          </div>
        )}
      </div>
      <div className="mt-4">
        <EventDetail
          event={event}
          schedule={schedule}
          upcoming={upcoming}
          breaks={breaks}
          origin={origin}
          onCountChange={onCountChange}
        />
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
          <OtherEvents events={others} onCountChange={onOthersCountChange} />
          {hasMore && (
            <nav aria-label="Alla quiz samma dag" className="mt-6 flex flex-wrap gap-3">
              {days.map((d) => (
                <Link
                  key={d.weekday}
                  to={weekdayPath(city.slug, d.weekday)}
                  className={buttonClasses("secondary", "w-full sm:w-auto")}
                >
                  Alla {d.count} quiz i {city.name} på {pluralWeekday(d.weekday).toLowerCase()}
                  <ArrowRight aria-hidden className="size-4" />
                </Link>
              ))}
            </nav>
          )}
        </section>
      )}
    </div>
  );
}
