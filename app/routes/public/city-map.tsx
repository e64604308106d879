import { CityErrorBoundary } from "~/features/event-listing/city-error-boundary";
import { loadCityMap } from "~/features/event-listing/city-map.server";
import { CityMapView } from "~/features/event-listing/city-map-view";
import { pageMeta } from "~/features/seo/page-meta";
import { appErrorPage } from "~/lib/app-error";
import { cityBySlug, cityMapPath } from "~/lib/cities";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { siteOrigin } from "~/lib/site-origin.server";
import type { Route } from "./+types/city-map";

/** /quiz/{city}/karta: the city's nights on a map, under the list's filter (`?dag=ikvall`), and as a list. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const city = cityBySlug(params.city);
  if (!city) throw appErrorPage("city-not-found");
  const search = new URL(request.url).searchParams;
  const map = await loadCityMap(getDb(), requestNow(request), city.name, search);
  return { city, map, tiles: getEnv().mapTiles.template, origin: siteOrigin() };
}

export function meta({ loaderData: data }: Route.MetaArgs): Route.MetaDescriptors {
  if (!data) return [{ title: "Stad inte hittad – Quizkväll" }, { name: "robots", content: "noindex" }];
  const { city, origin } = data;
  return pageMeta({
    title: `Quizkarta – ${city.name} – Quizkväll`,
    description: `Pubquiz och musikquiz i ${city.name} på karta: se var kvällens quiz är och hitta det närmaste.`,
    url: `${origin}${cityMapPath(city.slug)}`,
  });
}

export default function CityMapPage({ loaderData }: Route.ComponentProps) {
  return <CityMapView city={loaderData.city} map={loaderData.map} tiles={loaderData.tiles} />;
}

export const ErrorBoundary = CityErrorBoundary;
