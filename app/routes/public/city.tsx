import { useMemo } from "react";
import { deferred, withDeferredParts } from "~/components/ui/deferred";
import { CityErrorBoundary } from "~/features/event-listing/city-error-boundary";
import { loadCityWeekdays } from "~/features/event-listing/city-listing.server";
import { pageMeta } from "~/features/seo/page-meta";
import { appErrorPage } from "~/lib/app-error";
import { cityBySlug } from "~/lib/cities";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { siteOrigin } from "~/lib/site-origin.server";
import type { Route } from "./+types/city";

/** Each weekday's first quizzes; its weekday page lists (and pages) the rest. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const city = cityBySlug(params.city);
  if (!city) throw appErrorPage("city-not-found");
  const search = new URL(request.url).searchParams;
  const { total, days, near } = await loadCityWeekdays(getDb(), requestNow(request), city.name, search);
  return { city, total, days, near, origin: siteOrigin() };
}

export function meta({ loaderData: data }: Route.MetaArgs): Route.MetaDescriptors {
  if (!data) return [{ title: "Stad inte hittad – Quizkväll" }, { name: "robots", content: "noindex" }];
  const { city, total, origin } = data;
  return pageMeta({
    title: `Pubquiz i ${city.name} – alla quizkvällar vecka för vecka | Quizkväll`,
    description: `${total} pubquiz och musikquiz i ${city.name}, dag för dag från måndag till söndag. Hitta kvällens quiz nära dig.`,
    url: `${origin}/quiz/${city.slug}`,
  });
}

/**
 * The page is links and the cards' skåla buttons, an island (ui/deferred.tsx): its code loads beside the
 * route's and React hydrates it on its own; the links work meanwhile.
 */
const FeedCalendarChoices = deferred(() =>
  import("~/features/event-calendar/calendar-links").then((m) => m.FeedCalendarChoices),
);
const CityView = deferred(() => import("~/features/event-listing/city-view").then((m) => m.CityView));

export function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return withDeferredParts(serverLoader(), CityView, FeedCalendarChoices);
}

export default function CityPage({ loaderData }: Route.ComponentProps) {
  const { city, days, total, near, origin } = loaderData;
  const calendar = useMemo(
    () => <FeedCalendarChoices origin={origin} path={`/quiz/${city.slug}.ics`} />,
    [origin, city.slug],
  );
  return <CityView city={city} days={days} total={total} near={near} calendar={calendar} />;
}

export const ErrorBoundary = CityErrorBoundary;
