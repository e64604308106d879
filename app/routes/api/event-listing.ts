import { loadAllCards } from "~/features/events/home-listing.server";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { jsonError, methodNotAllowed } from "~/lib/http.server";
import type { Route } from "./+types/event-listing";

const MINUTE_MS = 60_000;
/** 2000-01-01 to 2100-01-01: a minute outside is no listing anyone asked for. */
const EARLIEST_MS = 946_684_800_000;
const LATEST_MS = 4_102_444_800_000;

function wholeNumber(value: string | null): number | null {
  return value !== null && /^\d{1,15}$/.test(value) ? Number(value) : null;
}

/**
 * GET /api/events/listing?v=<version>&t=<minute ms> → every event's packed card (card-event.ts) as the
 * listing was at that version and minute. Home links it with the numbers it rendered with: when the data is
 * still that version the answer can never change, so it is cacheable for good; after a change the current
 * data comes back uncached (the page is older than the data).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const version = wholeNumber(url.searchParams.get("v"));
  const minute = wholeNumber(url.searchParams.get("t"));
  if (url.searchParams.has("t") && (minute === null || minute % MINUTE_MS !== 0))
    return jsonError(400, "Ogiltig tidpunkt");
  if (minute !== null && (minute < EARLIEST_MS || minute > LATEST_MS))
    return jsonError(400, "Ogiltig tidpunkt");
  const at = minute === null ? requestNow(request) : new Date(minute);
  const { cards, isCurrent } = await loadAllCards(getDb(), at, version ?? -1);
  const cacheable = isCurrent && minute !== null;
  return Response.json(
    { cards },
    {
      headers: {
        "Cache-Control": cacheable ? "public, max-age=31536000, immutable" : "no-store",
      },
    },
  );
}

export const action = methodNotAllowed;
