import {
  type Answered,
  type AnswerInput,
  completeAnswer,
  writeAnswers,
} from "~/features/play/answer-question.server";
import type { Db } from "~/lib/db.server";

/**
 * Answers written in one statement at `now` and each completed, as the answer batcher writes a crowd's
 * (answer-batcher.server.ts): each one's answer, or the refusal it was given.
 */
export async function answerTogether(
  db: Db,
  inputs: readonly AnswerInput[],
  now: Date = new Date(),
): Promise<({ ok: true; answer: Answered } | { ok: false; error: unknown })[]> {
  const written = await writeAnswers(db, inputs, now);
  return Promise.all(
    inputs.map(async (input, i) => {
      const statementLeft = written[i];
      if (!statementLeft) throw new Error("writeAnswers answered no outcome");
      try {
        return { ok: true as const, answer: await completeAnswer(db, input, statementLeft) };
      } catch (error) {
        return { ok: false as const, error };
      }
    }),
  );
}

/** One answer at `now`, in a statement of its own; a refusal is thrown. */
export async function answerQuestion(db: Db, input: AnswerInput, now: Date = new Date()): Promise<Answered> {
  const [written] = await writeAnswers(db, [input], now);
  if (!written) throw new Error("writeAnswers answered no outcome");
  return completeAnswer(db, input, written);
}
