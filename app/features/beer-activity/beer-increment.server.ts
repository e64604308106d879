import { sql } from "drizzle-orm";
import { type Db, queryRows } from "~/lib/db.server";

export const BEER_JOB_NAME = "increment-event-beers";
const MAX_BEERS_PER_RUN = 8;

export type BeerIncrementResult = {
  updated: number;
  added: number;
  events: { id: string; title: string; added: number }[];
};

/** One statement: each event draws its own number and gets it added, so concurrent clicks are kept. */
export async function incrementEventBeers(db: Db): Promise<BeerIncrementResult> {
  const rows = await queryRows<{ id: string; title: string; added: number }>(
    db,
    sql`update events e set beer_counter = e.beer_counter + r.added
        from (select id, floor(random() * ${MAX_BEERS_PER_RUN + 1})::int as added from events) r
        where e.id = r.id
        returning e.id, e.title, r.added`,
  );
  const list = rows
    .map((r) => ({ id: r.id, title: r.title, added: Number(r.added) }))
    .sort((a, b) => a.title.localeCompare(b.title, "sv"));
  return { updated: list.length, added: list.reduce((sum, r) => sum + r.added, 0), events: list };
}
