import { eq } from "drizzle-orm";
import { assert, describe, expect, it } from "vitest";
import { quizOptionTallies, quizPlays } from "~/db/schema";
import { answerWithOthers } from "~/features/play/answer-batcher.server";
import { writeAnswers } from "~/features/play/answer-question.server";
import { finishWithOthers } from "~/features/play/finish-plays.server";
import { getQuizStats } from "~/features/play/quiz-stats.server";
import { getPlayState, startPlay } from "~/features/play/start-play.server";
import { getQuestionsWithKey } from "~/features/quizzes/quiz-queries.server";
import { AppError } from "~/lib/app-error";
import { getDb } from "~/lib/db.server";
import { answerTogether } from "../support/answers";
import { insertQuiz } from "../support/factories";

async function quizWithKey(questionCount: number) {
  const quiz = await insertQuiz(getDb(), { questionCount });
  const questions = await getQuestionsWithKey(getDb(), quiz.id);
  const pick = (index: number, correct: boolean) => {
    const option = questions[index]?.options.find((o) => o.isCorrect === correct);
    assert(option && questions[index]);
    return { questionId: questions[index].id, optionId: option.id };
  };
  return { quiz, pick };
}

describe("answers written together", () => {
  it("decides each answer of one call as if alone, in order, a play's repeat after its first", async () => {
    const db = getDb();
    const { quiz, pick } = await quizWithKey(2);
    const a = await startPlay(db, quiz.id, "together-a");
    const b = await startPlay(db, quiz.id, "together-b");
    const outcomes = await answerTogether(db, [
      { playId: a.playId, visitorId: "together-a", ...pick(0, true) },
      { playId: b.playId, visitorId: "together-b", ...pick(0, false) },
      // The same question again in the same call: the first answer stands.
      { playId: a.playId, visitorId: "together-a", ...pick(0, false) },
      // Not this visitor's play.
      { playId: b.playId, visitorId: "someone-else", ...pick(1, true) },
      { playId: a.playId, visitorId: "together-a", ...pick(1, true) },
    ]);
    expect(outcomes.map((o) => o.ok)).toEqual([true, true, false, false, true]);
    const [first, second, repeat, stranger, last] = outcomes;
    assert(first?.ok && second?.ok && repeat && !repeat.ok && stranger && !stranger.ok && last?.ok);
    expect(first.answer.feedback.isCorrect).toBe(true);
    expect(second.answer.feedback.isCorrect).toBe(false);
    expect(repeat.error).toBeInstanceOf(AppError);
    expect(repeat.error).toMatchObject({ code: "conflict", status: 409 });
    expect(stranger.error).toMatchObject({ code: "not-found", status: 404 });
    // The play's last answer finished it, with its result.
    expect(first.answer.result).toBeNull();
    expect(last.answer.result?.score).toBe(2);
    const state = await getPlayState(db, a.playId, "together-a");
    expect(state.answers).toHaveLength(2);
  });

  it("counts an address's answers against its budget in order, and a refused one stores nothing", async () => {
    const db = getDb();
    const { quiz, pick } = await quizWithKey(1);
    const plays = await Promise.all(["r1", "r2", "r3"].map((v) => startPlay(db, quiz.id, v)));
    const requestLimit = { key: "play:10.30.0.1", rule: { limit: 2, windowMs: 60_000 } };
    const outcomes = await answerTogether(
      db,
      plays.map((p, i) => ({ playId: p.playId, visitorId: `r${i + 1}`, ...pick(0, true), requestLimit })),
    );
    expect(outcomes.map((o) => o.ok)).toEqual([true, true, false]);
    const refused = outcomes[2];
    assert(refused && !refused.ok);
    expect(refused.error).toMatchObject({ code: "rate-limited", status: 429 });
    const state = await getPlayState(db, plays[2]?.playId ?? "", "r3");
    expect(state.answers).toEqual([]);
  });

  it("writes a crowd's answers arriving together, and finishes every play once", async () => {
    const db = getDb();
    const { quiz, pick } = await quizWithKey(2);
    const visitors = Array.from({ length: 40 }, (_, i) => `crowd-${i}`);
    const plays = await Promise.all(visitors.map((v) => startPlay(db, quiz.id, v)));
    const answered = await Promise.all(
      [0, 1].flatMap((q) =>
        plays.map((p, i) =>
          answerWithOthers(db, { playId: p.playId, visitorId: visitors[i] ?? "", ...pick(q, true) }),
        ),
      ),
    );
    // Each play's last answer to be written, and only it, carries the result (the two may be written in
    // either order when they arrive together).
    const results = answered.filter((a) => a.result);
    expect(results).toHaveLength(40);
    expect(results.every((a) => a.result?.score === 2)).toBe(true);
    const stats = await getQuizStats(db, quiz.id);
    expect(stats.players).toBe(40);
  });
});

describe("plays finished together", () => {
  it("finishes each play as alone, counts a visitor's first play only, and adds every counted answer to the tallies", async () => {
    const db = getDb();
    const { quiz, pick } = await quizWithKey(1);
    const right = pick(0, true);
    const visitors = ["f1", "f2", "f3", "f1"];
    const plays = [];
    for (const v of visitors) plays.push(await startPlay(db, quiz.id, v));
    const written = await writeAnswers(
      db,
      plays.map((p, i) => ({ playId: p.playId, visitorId: visitors[i] ?? "", ...right })),
    );
    expect(written.every((w) => w.ok && w.finishes)).toBe(true);
    // Finished at the same time, so in one statement (rounds apart for f1's two plays).
    await Promise.all(
      plays.map((p, i) =>
        finishWithOthers(db, { playId: p.playId, quizId: quiz.id, visitorId: visitors[i] ?? "" }),
      ),
    );
    const rows = await db.select().from(quizPlays).where(eq(quizPlays.quizId, quiz.id));
    expect(rows.every((r) => r.finishedAt && r.score === 1)).toBe(true);
    // f1's second play finished too, but only its first counts.
    expect(
      rows
        .filter((r) => r.counted)
        .map((r) => r.visitorId)
        .sort(),
    ).toEqual(["f1", "f2", "f3"]);
    const [tally] = await db
      .select()
      .from(quizOptionTallies)
      .where(eq(quizOptionTallies.optionId, right.optionId));
    expect(tally?.answers).toBe(3);
    expect((await getQuizStats(db, quiz.id)).players).toBe(3);
  });
});
