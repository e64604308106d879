import { count, eq } from "drizzle-orm";
import { beerClicks, events } from "~/db/schema";
import { startBeerFlusher } from "~/features/beers/beer-flush.server";
import { type BeerInput, type RecordBeerResult, recordBeers } from "~/features/beers/beers.server";
import { type Db, getDb } from "~/lib/db.server";

/** One skåla at `now`, in a statement of its own (the batcher writes a crowd's with `recordBeers` too). */
export async function recordBeer(
  db: Db,
  input: BeerInput,
  now: Date = new Date(),
): Promise<RecordBeerResult> {
  const [result] = await recordBeers(db, [input], now);
  if (!result) throw new Error("recordBeers answered no result");
  return result;
}

/** Every queued click flushed into the counters and roll-ups, as a clean shutdown of the flusher does. */
export async function flushBeers(db: Db = getDb(), options: { batch?: number } = {}): Promise<void> {
  await startBeerFlusher(db, { intervalMs: 3_600_000, ...options }).stop();
}

/** The event's counter once every stored click is flushed into it (decision 046). */
export async function counterOf(eventId: string): Promise<number> {
  await flushBeers();
  const [row] = await getDb().select({ c: events.beerCounter }).from(events).where(eq(events.id, eventId));
  if (!row) throw new Error(`no event ${eventId}`);
  return row.c;
}

/** The event's stored clicks (beer_clicks, the acknowledged writes). */
export async function clicksOf(eventId: string): Promise<number> {
  const [row] = await getDb().select({ n: count() }).from(beerClicks).where(eq(beerClicks.eventId, eventId));
  return row?.n ?? 0;
}
