import type { Db } from "./db.server";
import { runOutsideRequestScope } from "./request-scope.server";

/** Decision 051. `write` must decide each input as if alone; a lone write waits for nothing. */
export type WriteBatcher<I, R> = {
  write: (input: I) => Promise<R>;
  stats: { statements: number; inputs: number };
};

type Waiting<I, R> = { input: I; resolve: (result: R) => void; reject: (error: unknown) => void };

export function createWriteBatcher<I, R>(
  write: (inputs: I[]) => Promise<R[]>,
  options: { maxBatch?: number; maxInFlight?: number } = {},
): WriteBatcher<I, R> {
  const maxBatch = options.maxBatch ?? 64;
  // Enough statements at once to keep the database's cores busy, few enough that batches form.
  const maxInFlight = options.maxInFlight ?? 3;
  const queue: Waiting<I, R>[] = [];
  let inFlight = 0;
  const stats = { statements: 0, inputs: 0 };

  const run = async (batch: Waiting<I, R>[]): Promise<void> => {
    let results: R[];
    try {
      results = await write(batch.map((w) => w.input));
    } catch (error) {
      if (batch.length > 1 && isDeadlock(error)) {
        // A deadlock rolled the whole statement back, so each input is written again on its own.
        for (const w of batch) await run([w]);
        return;
      }
      for (const w of batch) w.reject(error);
      return;
    }
    stats.statements += 1;
    stats.inputs += batch.length;
    batch.forEach((w, i) => {
      w.resolve(results[i] as R);
    });
  };

  const pump = () => {
    while (inFlight < maxInFlight && queue.length > 0) {
      const batch = queue.splice(0, maxBatch);
      inFlight += 1;
      // Outside the request that happened to start it: its client leaving must not drop the others' writes.
      void runOutsideRequestScope(() => run(batch)).finally(() => {
        inFlight -= 1;
        pump();
      });
    }
  };

  return {
    stats,
    write: (input) =>
      new Promise<R>((resolve, reject) => {
        queue.push({ input, resolve, reject });
        pump();
      }),
  };
}

export function onePerDatabase<I, R>(make: (db: Db) => WriteBatcher<I, R>): (db: Db) => WriteBatcher<I, R> {
  const made = new WeakMap<Db, WriteBatcher<I, R>>();
  return (db) => {
    let batcher = made.get(db);
    if (!batcher) {
      batcher = make(db);
      made.set(db, batcher);
    }
    return batcher;
  };
}

/** A statement may touch a row once only, so inputs sharing a key go in successive statements. */
function rounds<I>(
  inputs: readonly I[],
  keysOf: (input: I) => string[],
  groupOf: (input: I) => string = () => "",
): number[][] {
  const made: { indexes: number[]; group: string }[] = [];
  const lastRoundOf = new Map<string, number>();
  inputs.forEach((input, index) => {
    const keys = keysOf(input);
    const group = groupOf(input);
    // After every round holding one of its keys, so a repeat is decided after the input it repeats.
    const after = Math.max(-1, ...keys.map((k) => lastRoundOf.get(k) ?? -1));
    let at = made.findIndex((r, i) => i > after && r.group === group);
    if (at < 0) {
      made.push({ indexes: [], group });
      at = made.length - 1;
    }
    made[at]?.indexes.push(index);
    for (const key of keys) lastRoundOf.set(key, at);
  });
  return made.map((r) => r.indexes);
}

export async function inRounds<I, R>(
  inputs: readonly I[],
  keysOf: (input: I) => string[],
  groupOf: (input: I) => string,
  write: (inputs: I[]) => Promise<R[]>,
): Promise<R[]> {
  const results: R[] = new Array(inputs.length);
  for (const round of rounds(inputs, keysOf, groupOf)) {
    const answers = await write(round.map((i) => inputs[i] as I));
    round.forEach((inputIndex, j) => {
      results[inputIndex] = answers[j] as R;
    });
  }
  return results;
}

export function arrayLiteral(values: readonly (string | null)[]): string {
  return `{${values.map((v) => (v === null ? "NULL" : `"${v.replace(/[\\"]/g, "\\$&")}"`)).join(",")}}`;
}

function isDeadlock(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; depth++) {
    if (e.code === "40P01") return true;
    e = e.cause as typeof e;
  }
  return false;
}
