import { sql } from "drizzle-orm";
import { type Db, queryRows } from "~/lib/db.server";
import type { Logger } from "~/lib/logger.server";

/** Decision 046. */

/** The most a counter lags the clicks stored. */
const BEER_FLUSH_INTERVAL_MS = 250;
/** A flush repeats while it finds a full batch. */
const BEER_FLUSH_BATCH = 5_000;
/** Every flushed click leaves dead rows the counting index scans step over; autovacuum (about once a minute) is too slow on a busy evening. */
const BEER_VACUUM_AFTER = 2_000;
const BEER_VACUUM_MIN_MS = 1_000;
/** Any fixed bigint unique in the app. */
const FLUSH_LOCK_KEY = 46_046_001;

type FlushOutcome = { flushed: number; locked: boolean };

async function flushBeerBatch(db: Db, batch: number = BEER_FLUSH_BATCH): Promise<FlushOutcome> {
  const rollup = (table: "beer_click_hours" | "beer_click_days", unit: "hour" | "day") => sql`
    insert into ${sql.identifier(table)} (event_id, start, clicks, first_at, last_at)
    select t.event_id, date_trunc(${unit}, t.clicked_at at time zone 'UTC') at time zone 'UTC',
      count(*)::int, min(t.clicked_at), max(t.clicked_at)
    from taken t
    group by 1, 2
    order by 1, 2
    on conflict (event_id, start) do update
      set clicks = ${sql.identifier(table)}.clicks + excluded.clicks,
        first_at = least(${sql.identifier(table)}.first_at, excluded.first_at),
        last_at = greatest(${sql.identifier(table)}.last_at, excluded.last_at)`;
  const [row] = await queryRows<{ locked: boolean; flushed: number }>(
    db,
    sql`
      with lock as (select pg_try_advisory_xact_lock(${FLUSH_LOCK_KEY}) as ok),
      taken as (
        delete from beer_click_pending p
        where (select ok from lock)
          and p.click_id in (
            select click_id from beer_click_pending order by click_id limit ${batch} for update skip locked)
        returning p.event_id, p.clicked_at
      ),
      per_event as (select event_id, count(*)::int as n from taken group by event_id),
      bumped as (
        update events e set beer_counter = e.beer_counter + per_event.n
        from per_event where e.id = per_event.event_id
        returning e.id
      ),
      hourly as (${rollup("beer_click_hours", "hour")}),
      daily as (${rollup("beer_click_days", "day")})
      select not (select ok from lock) as locked, (select count(*) from taken)::int as flushed`,
  );
  return { flushed: Number(row?.flushed ?? 0), locked: Boolean(row?.locked) };
}

async function flushBeerClicks(db: Db, batch: number = BEER_FLUSH_BATCH): Promise<FlushOutcome> {
  let flushed = 0;
  for (;;) {
    const outcome = await flushBeerBatch(db, batch);
    flushed += outcome.flushed;
    if (outcome.locked || outcome.flushed < batch) return { flushed, locked: outcome.locked };
  }
}

/** `stop` waits for a flush in progress and flushes once more, so a clean shutdown leaves nothing pending. */
export function startBeerFlusher(
  db: Db,
  options: { logger?: Logger; intervalMs?: number; vacuumAfter?: number; batch?: number } = {},
): { stop: () => Promise<void> } {
  const intervalMs = options.intervalMs ?? BEER_FLUSH_INTERVAL_MS;
  const vacuumAfter = options.vacuumAfter ?? BEER_VACUUM_AFTER;
  let stopping = false;
  let failing = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let sinceVacuum = 0;
  let lastVacuum = 0;
  const round = async () => {
    try {
      const { flushed } = await flushBeerClicks(db, options.batch);
      sinceVacuum += flushed;
      if (sinceVacuum >= vacuumAfter && Date.now() - lastVacuum >= BEER_VACUUM_MIN_MS) {
        sinceVacuum = 0;
        lastVacuum = Date.now();
        // skip_locked: another instance's vacuum of the same table is as good as ours.
        await db.execute(sql`vacuum (skip_locked) beer_click_pending`);
      }
      failing = false;
    } catch (error) {
      if (!failing) options.logger?.warn({ err: error }, "beer flush failed; retrying");
      failing = true;
    }
  };
  const tick = () => {
    running = round().finally(() => {
      if (!stopping) schedule();
    });
  };
  const schedule = () => {
    timer = setTimeout(tick, intervalMs);
    timer.unref();
  };
  schedule();
  return {
    stop: async () => {
      stopping = true;
      clearTimeout(timer);
      await running;
      await round();
    },
  };
}
