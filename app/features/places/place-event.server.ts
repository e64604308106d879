import { and, eq, isNull } from "drizzle-orm";
import { events } from "~/db/schema";
import { contentChanged } from "~/lib/content-changes.server";
import type { Db } from "~/lib/db.server";
import type { GeoPoint } from "./geo";
import { configuredGeocoder } from "./geocoder.server";
import type { Geocoder } from "./geocoder-client.server";

const PLACE_UNAVAILABLE = "Adressen kunde inte placeras på kartan just nu. Quizet sparades utan position.";
const PLACE_NOT_FOUND =
  "Adressen hittades inte på kartan. Quizet sparades utan position: kontrollera gatuadressen.";

/** The columns of a saved event that say where it is. */
export type PlaceableRow = {
  id: string;
  streetAddress: string | null;
  city: string;
  latitude: number | null;
  longitude: number | null;
};

export type Placing = {
  /** The point now stored, when this call stored one. */
  placed: GeoPoint | null;
  /** What the editor is told when the address could not be placed (Swedish), else null. */
  notice: string | null;
};

const NOTHING: Placing = { placed: null, notice: null };

/**
 * After a save has committed: an event with a street address and no position (a new address clears the old
 * position in the save itself) is looked up in the geocoder, and the point stored while the address is still
 * the one looked up. Without a geocoder, a street address or when the event already has its point, nothing
 * happens. A geocoder that is down, slow or finds nothing leaves the position empty and says so: the save
 * itself has already gone through.
 */
export async function placeSavedEvent(
  db: Db,
  row: PlaceableRow,
  geocoder: Geocoder | null = configuredGeocoder(),
): Promise<Placing> {
  const street = row.streetAddress?.trim();
  if (!geocoder || !street || (row.latitude !== null && row.longitude !== null)) return NOTHING;
  const outcome = await geocoder.geocode(`${street}, ${row.city}`);
  if (outcome.kind === "unavailable") return { placed: null, notice: PLACE_UNAVAILABLE };
  if (outcome.kind === "not-found") return { placed: null, notice: PLACE_NOT_FOUND };
  const { latitude, longitude } = outcome.point;
  const stored = await db
    .update(events)
    .set({ latitude, longitude })
    .where(
      and(
        eq(events.id, row.id),
        eq(events.streetAddress, row.streetAddress ?? ""),
        eq(events.city, row.city),
        isNull(events.latitude),
      ),
    )
    .returning({ id: events.id });
  // Another save changed the address meanwhile: its own lookup places it.
  if (!stored.length) return NOTHING;
  contentChanged("events");
  return { placed: outcome.point, notice: null };
}
