import {
  LISTING_CITY_PARAM,
  LISTING_WEEKDAY_PARAM,
  loadListingBody,
} from "~/features/event-listing/home-listing.server";
import { jsonError } from "~/lib/app-error";
import { cityBySlug } from "~/lib/cities";
import { requestNow } from "~/lib/clock.server";
import { isNotModified, notModified } from "~/lib/conditional-get";
import { getDb } from "~/lib/db.server";
import { methodNotAllowed } from "~/lib/http.server";
import { weekdayBySlug } from "~/lib/time";
import type { Route } from "./+types/event-listing";

const MINUTE_MS = 60_000;
/** 2000-01-01 to 2100-01-01: a minute outside is no listing anyone asked for. */
const EARLIEST_MS = 946_684_800_000;
const LATEST_MS = 4_102_444_800_000;
const FOR_GOOD = "public, max-age=31536000, immutable";

function wholeNumber(value: string | null): number | null {
  return value !== null && /^\d{1,15}$/.test(value) ? Number(value) : null;
}

/** Cacheable for good while the data is still at version `v`; after a change, answered uncached. */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const version = wholeNumber(url.searchParams.get("v"));
  const minute = wholeNumber(url.searchParams.get("t"));
  if (url.searchParams.has("t") && (minute === null || minute % MINUTE_MS !== 0))
    return jsonError(400, "Ogiltig tidpunkt");
  if (minute !== null && (minute < EARLIEST_MS || minute > LATEST_MS))
    return jsonError(400, "Ogiltig tidpunkt");
  const citySlug = url.searchParams.get(LISTING_CITY_PARAM);
  const city = citySlug === null ? undefined : cityBySlug(citySlug);
  if (citySlug !== null && !city) return jsonError(400, "Okänd stad");
  const weekdaySlug = url.searchParams.get(LISTING_WEEKDAY_PARAM);
  const weekday = weekdaySlug === null ? undefined : weekdayBySlug(weekdaySlug);
  if (weekdaySlug !== null && (!weekday || !city)) return jsonError(400, "Okänd veckodag");

  const at = minute === null ? requestNow(request) : new Date(minute);
  const listing = await loadListingBody(getDb(), at, version ?? -1, { city, weekday });
  const caching = (isCurrent: boolean) => ({
    "Cache-Control": isCurrent && minute !== null ? FOR_GOOD : "no-cache",
  });
  if (isNotModified(request.headers, listing)) return notModified(listing, caching(listing.isCurrent));
  const built = await listing.build();
  return new Response(built.body, {
    headers: {
      ...caching(built.isCurrent),
      "Content-Type": "application/json; charset=utf-8",
      ETag: built.etag,
    },
  });
}

export const action = methodNotAllowed;
