import { ArrowRight, History, Pencil } from "lucide-react";
import { useMemo } from "react";
import { preload } from "react-dom";
import { data, Link, useRouteError, useSearchParams } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { getViewer } from "~/features/auth/guard.server";
import { ConfirmedLine } from "~/features/confirmations/confirm-button";
import { confirmableOccurrence } from "~/features/confirmations/confirmations";
import { freshnessCycle, isLongUnconfirmed } from "~/features/confirmations/freshness";
import { findEndedEvent } from "~/features/confirmations/freshness.server";
import { CalendarSubscribeLinks } from "~/features/event-calendar/calendar-links";
import { EventDetail } from "~/features/event-cards/event-detail";
import { eventJsonLd, serializeJsonLd } from "~/features/event-cards/event-json-ld";
import { loadEventPageListing } from "~/features/event-listing/city-listing.server";
import { CITY_NOT_FOUND, CityNotFound, isCityNotFound } from "~/features/event-listing/city-not-found";
import { EventCardGrid, useLiveEvents } from "~/features/event-listing/event-card-grid";
import { EventGrid, type Pagination } from "~/features/event-listing/event-grid";
import { EMPTY_FILTER, filterEvents } from "~/features/event-listing/filters";
import { loadWeekdayListing } from "~/features/event-listing/home-listing.server";
import { useFullListing } from "~/features/event-listing/use-full-listing";
import { type CardEvent, unpackCard } from "~/features/events/card-event";
import { nightDateLabel, pluralWeekday, scheduleRows, weekdayPath } from "~/features/events/event-format";
import { nightsOf, ruleOf } from "~/features/events/event-view";
import { findLastConfirmedAt } from "~/features/events/events.server";
import { breaksOf } from "~/features/events/occurrences";
import { SaveQuizButton, saveQuiz } from "~/features/follows/public";
import { keepPageAfterListSignup, ListSignupForm } from "~/features/follows/public-signup";
import { isHostOfEvent } from "~/features/hosts/public.server";
import { absoluteUrl, pageMeta } from "~/features/seo/page-meta";
import { cityBySlug } from "~/lib/cities";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { pageHref } from "~/lib/paging";
import { siteOrigin } from "~/lib/site-origin.server";
import { formatLongDate, stockholmDate, WEEKDAY_SLUGS, weekdayBySlug } from "~/lib/time";
import type { Route } from "./+types/city-slug";

/** "Påminn mig" on an event page changes nothing the page shows: its data is not read again after it. */
export const shouldRevalidate = keepPageAfterListSignup;

/** /quiz/{city}/{slug}: a weekday slug is the city-and-weekday listing, anything else an event. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const city = cityBySlug(params.city);
  if (!city) throw data(CITY_NOT_FOUND, { status: 404 });
  const db = getDb();
  const origin = siteOrigin();
  const weekday = weekdayBySlug(params.slug);
  const now = requestNow(request);
  if (weekday) {
    const searchParams = new URL(request.url).searchParams;
    const listing = await loadWeekdayListing(db, now, { city, weekday }, searchParams);
    return { kind: "weekday" as const, city, weekday, origin, ...listing };
  }
  const found = await loadEventPageListing(db, now, city.name, params.slug);
  if (!found) {
    const ended = await findEndedEvent(db, city.name, params.slug);
    if (!ended) throw data(null, { status: 404 });
    return { kind: "ended" as const, city, origin, ...ended };
  }
  const { event, others, hasMore, days } = found;
  const nights = nightsOf(event, now, 6);
  const [lastConfirmedAt, editor] = await Promise.all([
    findLastConfirmedAt(db, event.id),
    editorOf(request, event.id),
  ]);
  const canConfirm = confirmableOccurrence(ruleOf(event), event.exceptions, now) !== null;
  const cycle = freshnessCycle({
    lastConfirmedAt: lastConfirmedAt ? new Date(lastConfirmedAt) : null,
    createdAt: new Date(event.createdAt),
  });
  const unconfirmedSince = isLongUnconfirmed(cycle, now) ? cycle.toISOString() : null;
  const schedule = scheduleRows(event).map((r) => {
    const next = nights.find((n) => n.weekday === r.weekday && !n.cancelled && !n.isRunning);
    return { ...r, nextDate: next ? nightDateLabel(next, now) : null };
  });
  const upcoming = nights.map((n) => ({ ...n, label: nightDateLabel(n, now) }));
  // Breaks ('Uppehåll') not yet over: no night is listed in them, so the page says why.
  const today = stockholmDate(now);
  const breaks = breaksOf(event.exceptions).filter((b) => b.to >= today);
  const url = `${origin}/quiz/${city.slug}/${event.slug}`;
  const image = event.image ? absoluteUrl(origin, event.image) : null;
  return {
    kind: "event" as const,
    city,
    event,
    schedule,
    upcoming,
    breaks,
    others,
    hasMore,
    days,
    origin,
    image,
    lastConfirmedAt,
    unconfirmedSince,
    canConfirm,
    editor,
    jsonLd: serializeJsonLd(eventJsonLd(event, url, image, now)),
  };
}

/**
 * Who may edit the event from its page: an admin (the editor and the history) or one of its hosts (their own
 * page). Only a request with a session cookie can be either, and the page cache never stores those, so the
 * link never reaches another visitor's cached page.
 */
async function editorOf(request: Request, eventId: string) {
  if (!request.headers.get("cookie")) return null;
  const viewer = await getViewer(request);
  if (viewer.isAdmin)
    return { edit: `/admin/events/${eventId}/edit`, history: `/admin/events/${eventId}/historik` };
  if (viewer.user && (await isHostOfEvent(getDb(), viewer.user.id, eventId)))
    return { edit: `/quizvard/${eventId}`, history: null };
  return null;
}

export function meta({ data, error }: Route.MetaArgs): Route.MetaDescriptors {
  if (!data) {
    const title = isCityNotFound(error) ? "Stad inte hittad – Quizkväll" : "Sidan hittades inte – Quizkväll";
    return [{ title }, { name: "robots", content: "noindex" }];
  }
  if (data.kind === "ended")
    return [{ title: `${data.title} – Quizkväll` }, { name: "robots", content: "noindex" }];
  if (data.kind === "weekday") {
    const day = pluralWeekday(data.weekday).toLowerCase();
    return pageMeta({
      title: `Pubquiz i ${data.city.name} på ${day} | Quizkväll`,
      description: `${data.matching} pubquiz och musikquiz i ${data.city.name} på ${day}. Tider, platser och lagstorlek – hitta kvällens quiz.`,
      url: `${data.origin}/quiz/${data.city.slug}/${WEEKDAY_SLUGS[data.weekday]}`,
    });
  }
  const { event } = data;
  const when = data.schedule.map((r) => `${pluralWeekday(r.weekday).toLowerCase()} ${r.time}`).join(", ");
  return pageMeta({
    title: `${event.title} – pubquiz i ${event.city} | Quizkväll`,
    description: `${event.title} på ${event.location}, ${event.city}: ${when}. ${event.description}`.slice(
      0,
      300,
    ),
    url: `${data.origin}/quiz/${data.city.slug}/${event.slug}`,
    image: data.image,
    type: "article",
  });
}

export default function CitySlugPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "ended") return <EndedEventPage {...loaderData} />;
  return loaderData.kind === "weekday" ? <WeekdayPage {...loaderData} /> : <EventPage {...loaderData} />;
}

/** An event its host reported ended: off every listing until an admin decides; its page says so. */
function EndedEventPage({
  city,
  title,
  endedReportedAt,
}: Extract<Route.ComponentProps["loaderData"], { kind: "ended" }>) {
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

type WeekdayData = Extract<Route.ComponentProps["loaderData"], { kind: "weekday" }>;
type EventData = Extract<Route.ComponentProps["loaderData"], { kind: "event" }>;

function Breadcrumbs({ city, current }: { city: WeekdayData["city"]; current: string }) {
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

function WeekdayPage({ city, weekday, origin, cards, matching, page, pages, dates, listUrl }: WeekdayData) {
  const [params] = useSearchParams();
  const day = pluralWeekday(weekday).toLowerCase();
  // Every quiz of the day after first paint (the server sent one page; the preload starts it early).
  preload(listUrl, { as: "fetch", crossOrigin: "anonymous" });
  const packed = useFullListing(listUrl);
  const all = useMemo(() => {
    if (!packed) return null;
    const filter = { ...EMPTY_FILTER, cities: [city.name], weekdays: [weekday] };
    return filterEvents(
      packed.map((p) => unpackCard(p, dates)),
      filter,
      dates,
    );
  }, [packed, city.name, weekday, dates]);
  const serverPage = useMemo(() => cards.map((p) => unpackCard(p, dates)), [cards, dates]);
  const [events, onCountChange] = useLiveEvents(all ?? serverPage);
  const pagination: Pagination | null = all
    ? null
    : {
        page,
        pages,
        hrefFor: (n) => pageHref(weekdayPath(city.slug, weekday), params, n),
      };
  const count = all ? all.length : matching;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12">
      <Breadcrumbs city={city} current={pluralWeekday(weekday)} />
      <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
        Pubquiz i {city.name} på {day}
      </h1>
      <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2 text-stone-700 dark:text-stone-300">
        <h2 className="text-base font-normal">{count === 1 ? "1 quizkväll" : `${count} quizkvällar`}</h2>
        <CalendarSubscribeLinks origin={origin} path={`/quiz/${city.slug}/${WEEKDAY_SLUGS[weekday]}.ics`} />
      </div>
      <div className="mt-8">
        {events.length ? (
          <EventGrid
            events={events}
            pagination={pagination}
            view="card"
            onCountChange={onCountChange}
            onWeekday={weekday}
          />
        ) : (
          <EmptyState padding="lg" tone="inherit">
            Inga event hittades
          </EmptyState>
        )}
      </div>
    </div>
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
  const initial = useMemo<CardEvent[]>(() => [initialEvent, ...initialOthers], [initialEvent, initialOthers]);
  const [live, onCountChange] = useLiveEvents(initial);
  const beerCounter = live[0]?.beerCounter ?? initialEvent.beerCounter;
  const event = useMemo(() => ({ ...initialEvent, beerCounter }), [initialEvent, beerCounter]);
  const others = live.slice(1);
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
        <ListSignupForm
          target={{ kind: "event", eventId: event.id }}
          onDone={() =>
            saveQuiz({ id: event.id, title: event.title, path: `/quiz/${event.citySlug}/${event.slug}` })
          }
        />
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
          <EventCardGrid events={others} onCountChange={onCountChange} />
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

export function ErrorBoundary() {
  const error = useRouteError();
  if (isCityNotFound(error)) return <CityNotFound />;
  throw error;
}
