import type { Db } from "~/lib/db.server";
import { runOutsideRequestScope } from "~/lib/request-scope.server";
import { type BeerInput, type RecordBeerResult, recordBeers } from "./beers.server";

/**
 * Skålor arriving together are written together (decision 051). A skåla is sent at once while fewer than
 * `maxInFlight` statements of skålor are running, so a lone skåla waits for nothing; the ones arriving while
 * they all run wait for the next free statement and go in it together, up to `maxBatch` a statement. Each
 * skåla is decided in that statement exactly as if alone (`recordBeers`), and its answer is sent only after
 * the statement committed: an acknowledged skåla is stored, and a failed statement stored none of its
 * skålor, each of whose requests gets the failure (the Swedish 503 when the database is away).
 */
export type BeerBatcher = {
  record: (input: BeerInput) => Promise<RecordBeerResult>;
  /** Statements run and skålor written so far. */
  stats: { statements: number; skalor: number };
};

type Waiting = {
  input: BeerInput;
  resolve: (result: RecordBeerResult) => void;
  reject: (error: unknown) => void;
};

const BEER_BATCH_MAX = 64;
/** Statements of skålor at once: enough to keep the database's cores busy, few enough that batches form. */
const BEER_BATCH_IN_FLIGHT = 3;

export function createBeerBatcher(
  db: Db,
  options: { maxBatch?: number; maxInFlight?: number; now?: () => Date } = {},
): BeerBatcher {
  const maxBatch = options.maxBatch ?? BEER_BATCH_MAX;
  const maxInFlight = options.maxInFlight ?? BEER_BATCH_IN_FLIGHT;
  const now = options.now ?? (() => new Date());
  const queue: Waiting[] = [];
  let inFlight = 0;
  const stats = { statements: 0, skalor: 0 };

  const run = async (batch: Waiting[]) => {
    try {
      const results = await recordBeers(
        db,
        batch.map((w) => w.input),
        now(),
      );
      stats.statements += 1;
      stats.skalor += batch.length;
      batch.forEach((w, i) => {
        w.resolve(results[i] as RecordBeerResult);
      });
    } catch (error) {
      if (batch.length > 1 && isDeadlock(error)) {
        // Two statements locked shared rows in opposite orders and one was rolled back whole: nothing of
        // it was stored, so each of its skålor is written again, on its own.
        for (const w of batch) await run([w]);
        return;
      }
      for (const w of batch) w.reject(error);
    }
  };

  const pump = () => {
    while (inFlight < maxInFlight && queue.length > 0) {
      const batch = queue.splice(0, maxBatch);
      inFlight += 1;
      // Outside the request that happened to start it: its client leaving must not drop the others' skålor.
      void runOutsideRequestScope(() => run(batch)).finally(() => {
        inFlight -= 1;
        pump();
      });
    }
  };

  return {
    stats,
    record: (input) =>
      new Promise<RecordBeerResult>((resolve, reject) => {
        queue.push({ input, resolve, reject });
        pump();
      }),
  };
}

function isDeadlock(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; depth++) {
    if (e.code === "40P01") return true;
    e = e.cause as typeof e;
  }
  return false;
}

const batchers = new WeakMap<Db, BeerBatcher>();

/** The skåla of one request, written with the others arriving at the same time (one batcher per database). */
export function recordBeerWithOthers(db: Db, input: BeerInput): Promise<RecordBeerResult> {
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = createBeerBatcher(db);
    batchers.set(db, batcher);
  }
  return batcher.record(input);
}
