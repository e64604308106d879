import type { Db } from "~/lib/db.server";
import { createWriteBatcher, type WriteBatcher } from "~/lib/write-batcher.server";
import { type BeerInput, type RecordBeerResult, recordBeers } from "./beers.server";

export type BeerBatcher = WriteBatcher<BeerInput, RecordBeerResult>;

/** Skålor arriving together, written together (lib/write-batcher.server.ts, decision 051). */
export function createBeerBatcher(
  db: Db,
  options: { maxBatch?: number; maxInFlight?: number; now?: () => Date } = {},
): BeerBatcher {
  const now = options.now ?? (() => new Date());
  return createWriteBatcher((inputs) => recordBeers(db, inputs, now()), options);
}

const batchers = new WeakMap<Db, BeerBatcher>();

/** The skåla of one request, written with the others arriving at the same time (one batcher per database). */
export function recordBeerWithOthers(db: Db, input: BeerInput): Promise<RecordBeerResult> {
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = createBeerBatcher(db);
    batchers.set(db, batcher);
  }
  return batcher.write(input);
}
