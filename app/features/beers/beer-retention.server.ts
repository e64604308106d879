import { inArray, lt } from "drizzle-orm";
import { beerClicks, eventBeerInteractions } from "~/db/schema";
import type { Db } from "~/lib/db.server";

/** Deletes up to `limit` browsers' latest skåla on an event older than `before`. */
export async function deleteOldBeerCooldowns(db: Db, before: Date, limit: number): Promise<number> {
  const batch = db
    .select({ id: eventBeerInteractions.id })
    .from(eventBeerInteractions)
    .where(lt(eventBeerInteractions.lastBeerTime, before))
    .limit(limit);
  const removed = await db
    .delete(eventBeerInteractions)
    .where(inArray(eventBeerInteractions.id, batch))
    .returning({ id: eventBeerInteractions.id });
  return removed.length;
}

/** Deletes up to `limit` logged skålor (event, browser id, time) older than `before`, oldest first. */
export async function deleteOldBeerClicks(db: Db, before: Date, limit: number): Promise<number> {
  const batch = db
    .select({ id: beerClicks.id })
    .from(beerClicks)
    .where(lt(beerClicks.clickedAt, before))
    .orderBy(beerClicks.clickedAt)
    .limit(limit);
  const removed = await db
    .delete(beerClicks)
    .where(inArray(beerClicks.id, batch))
    .returning({ id: beerClicks.id });
  return removed.length;
}
