import { deferred, withDeferredParts } from "~/components/ui/deferred";
import { getViewer } from "~/features/auth/guard.server";
import { confirmableNightLabel, confirmableOccurrence } from "~/features/confirmations/confirmations";
import { freshnessCycle, isLongUnconfirmed } from "~/features/confirmations/freshness";
import { findEndedEvent } from "~/features/confirmations/freshness.server";
import { eventJsonLd, serializeJsonLd } from "~/features/event-cards/event-json-ld";
import { CityErrorBoundary } from "~/features/event-listing/city-error-boundary";
import { loadEventPageListing } from "~/features/event-listing/city-listing.server";
import { loadWeekdayListing } from "~/features/event-listing/home-listing.server";
import { nightDateLabel, ruleLine, scheduleRows } from "~/features/events/event-format";
import { nightsOf, ruleOf } from "~/features/events/event-view";
import { findLastConfirmedAt } from "~/features/events/events.server";
import { isConfirmedToday } from "~/features/events/night-labels";
import { breaksOf } from "~/features/events/occurrences";
import { keepPageAfterListSignup } from "~/features/follows/list-signup-path";
import { isHostOfEvent } from "~/features/hosts/public.server";
import { absoluteUrl, pageMeta } from "~/features/seo/page-meta";
import { appErrorCodeOf, appErrorPage } from "~/lib/app-error";
import { cityBySlug } from "~/lib/cities";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { siteOrigin } from "~/lib/site-origin.server";
import { stockholmDate } from "~/lib/time";
import { pluralWeekday, WEEKDAY_SLUGS, weekdayBySlug } from "~/lib/weekdays";
import type { Route } from "./+types/city-slug";
import { CitySlugView, EVENT_PAGE_PARTS } from "./city-slug-view";

/** "Påminn mig" on an event page changes nothing the page shows: its data is not read again after it. */
export const shouldRevalidate = keepPageAfterListSignup;

/** /quiz/{city}/{slug}: a weekday slug is the city-and-weekday listing, anything else an event. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const city = cityBySlug(params.city);
  if (!city) throw appErrorPage("city-not-found");
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
    if (!ended) throw appErrorPage("not-found");
    return { kind: "ended" as const, city, origin, ...ended };
  }
  const { event, others, hasMore, days } = found;
  const nights = nightsOf(event, now, 6);
  const [lastConfirmedAt, editor] = await Promise.all([
    findLastConfirmedAt(db, event.id),
    editorOf(request, event.id),
  ]);
  const confirmable = confirmableOccurrence(ruleOf(event), event.exceptions, now);
  const confirmNight = confirmable ? confirmableNightLabel(confirmable, now) : null;
  const cycle = freshnessCycle({
    lastConfirmedAt: lastConfirmedAt ? new Date(lastConfirmedAt) : null,
    createdAt: new Date(event.createdAt),
  });
  const unconfirmedSince = isLongUnconfirmed(cycle, now) ? cycle.toISOString() : null;
  // Each weekday by its real rule ('Varannan tisdag 19:00'), with its own next night.
  const schedule = scheduleRows(event).map((r) => {
    const next = nights.find((n) => n.weekday === r.weekday && !n.cancelled && !n.isRunning);
    return { ...r, label: ruleLine(event, r.weekday), nextDate: next ? nightDateLabel(next, now) : null };
  });
  // Breaks ('Uppehåll') not yet over: no night is listed in them, so the page says why.
  const today = stockholmDate(now);
  const confirmedToday = isConfirmedToday(event.tonightConfirmedOn ?? null, nights, today);
  const upcoming = nights.map((n) => ({
    ...n,
    label: nightDateLabel(n, now),
    confirmedToday: confirmedToday && n.date === today && !n.cancelled,
  }));
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
    confirmNight,
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

export function meta({ loaderData: data, error }: Route.MetaArgs): Route.MetaDescriptors {
  if (!data) {
    const title =
      appErrorCodeOf(error) === "city-not-found"
        ? "Stad inte hittad – Quizkväll"
        : "Sidan hittades inte – Quizkväll";
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
  const when = data.schedule.map((r) => r.label.toLowerCase()).join(", ");
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

/**
 * A weekday's listing (links, cards and the full listing fetched after it) is an island (ui/deferred.tsx):
 * its code loads when a weekday page renders it (an event page, the same route, never asks for it), and
 * the links work meanwhile.
 */
const WeekdayView = deferred(() => import("./city-weekday-view").then((m) => m.WeekdayView), {
  whenRendered: true,
});

export function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return withDeferredParts(serverLoader(), WeekdayView, ...EVENT_PAGE_PARTS);
}

export default function CitySlugPage({ loaderData }: Route.ComponentProps) {
  return loaderData.kind === "weekday" ? (
    <WeekdayView data={loaderData} />
  ) : (
    <CitySlugView data={loaderData} />
  );
}

export const ErrorBoundary = CityErrorBoundary;
