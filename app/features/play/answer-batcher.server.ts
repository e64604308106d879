import type { Db } from "~/lib/db.server";
import { createWriteBatcher, type WriteBatcher } from "~/lib/write-batcher.server";
import { type Answered, type AnswerInput, type AnswerOutcome, answerQuestions } from "./play.server";

/** Quiz answers arriving together, written together (lib/write-batcher.server.ts, decision 051). */
export function createAnswerBatcher(
  db: Db,
  options: { maxBatch?: number; maxInFlight?: number; now?: () => Date } = {},
): WriteBatcher<AnswerInput, AnswerOutcome> {
  const now = options.now ?? (() => new Date());
  return createWriteBatcher((inputs) => answerQuestions(db, inputs, now()), options);
}

const batchers = new WeakMap<Db, WriteBatcher<AnswerInput, AnswerOutcome>>();

/** One request's answer, written with the others arriving at the same time; a refusal is thrown. */
export async function answerWithOthers(db: Db, input: AnswerInput): Promise<Answered> {
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = createAnswerBatcher(db);
    batchers.set(db, batcher);
  }
  const outcome = await batcher.write(input);
  if (!outcome.ok) throw outcome.error;
  return outcome.answer;
}
