import { count, eq } from "drizzle-orm";
import { beerClicks, events } from "~/db/schema";
import { flushBeerClicks } from "~/features/beers/beer-flush.server";
import { getDb } from "~/lib/db.server";

/** The event's counter once every stored click is flushed into it (decision 046). */
export async function counterOf(eventId: string): Promise<number> {
  await flushBeerClicks(getDb());
  const [row] = await getDb().select({ c: events.beerCounter }).from(events).where(eq(events.id, eventId));
  if (!row) throw new Error(`no event ${eventId}`);
  return row.c;
}

/** The event's stored clicks (beer_clicks, the acknowledged writes). */
export async function clicksOf(eventId: string): Promise<number> {
  const [row] = await getDb().select({ n: count() }).from(beerClicks).where(eq(beerClicks.eventId, eventId));
  return row?.n ?? 0;
}
