import { sql } from "drizzle-orm";
import { runClaimed } from "~/features/jobs/public.server";
import { AppError } from "~/lib/app-error";
import { type Db, queryRows } from "~/lib/db.server";
import type { BeerIncrementResult } from "./beer-activity";

export const BEER_JOB_NAME = "increment-event-beers";
const MAX_BEERS_PER_RUN = 8;

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

/**
 * The admin's "Kör öl-ökningen nu": a unique manual slot, so a forced run never takes the place of a scheduled
 * one. Refused with `conflict` while another run of the job holds its claim.
 */
export async function runBeerIncrementNow(db: Db, now = new Date()): Promise<BeerIncrementResult> {
  const slot = `manual:${now.toISOString()}:${crypto.randomUUID().slice(0, 8)}`;
  const outcome = await runClaimed(db, BEER_JOB_NAME, slot, () => incrementEventBeers(db));
  if (!outcome.claimed) throw new AppError("conflict", { message: "Körningen pågår redan" });
  return outcome.result;
}
