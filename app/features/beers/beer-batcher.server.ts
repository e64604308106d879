import type { Db } from "~/lib/db.server";
import { createWriteBatcher, onePerDatabase, type WriteBatcher } from "~/lib/write-batcher.server";
import { type BeerInput, type RecordBeerResult, recordBeers } from "./beers.server";

type BeerBatcher = WriteBatcher<BeerInput, RecordBeerResult>;

/** Skålor arriving together, written together (lib/write-batcher.server.ts, decision 051). */
function createBeerBatcher(
  db: Db,
  options: { maxBatch?: number; maxInFlight?: number; now?: () => Date } = {},
): BeerBatcher {
  const now = options.now ?? (() => new Date());
  return createWriteBatcher((inputs) => recordBeers(db, inputs, now()), options);
}

const beerBatcherOf = onePerDatabase((db) => createBeerBatcher(db));

/** The skåla of one request, written with the others arriving at the same time (one batcher per database). */
export function recordBeerWithOthers(db: Db, input: BeerInput): Promise<RecordBeerResult> {
  return beerBatcherOf(db).write(input);
}
