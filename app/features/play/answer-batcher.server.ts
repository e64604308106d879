import type { Db } from "~/lib/db.server";
import { createWriteBatcher, onePerDatabase, type WriteBatcher } from "~/lib/write-batcher.server";
import {
  type Answered,
  type AnswerInput,
  completeAnswer,
  type WrittenAnswer,
  writeAnswers,
} from "./answer-question.server";

/**
 * Quiz answers arriving together, written together (lib/write-batcher.server.ts, decision 051). The batch is
 * the answers' statement only: a play's finish runs afterwards for its own request.
 */
function createAnswerBatcher(
  db: Db,
  options: { maxBatch?: number; maxInFlight?: number; now?: () => Date } = {},
): WriteBatcher<AnswerInput, WrittenAnswer> {
  const now = options.now ?? (() => new Date());
  return createWriteBatcher((inputs) => writeAnswers(db, inputs, now()), options);
}

const answerBatcherOf = onePerDatabase((db) => createAnswerBatcher(db));

/** One request's answer, written with the others arriving at the same time; a refusal is thrown. */
export async function answerWithOthers(db: Db, input: AnswerInput): Promise<Answered> {
  return completeAnswer(db, input, await answerBatcherOf(db).write(input));
}
