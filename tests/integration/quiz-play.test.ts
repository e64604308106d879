import { eq } from "drizzle-orm";
import { assert, describe, expect, it } from "vitest";
import { quizOptions, quizPlays, quizQuestions, quizVotes } from "~/db/schema";
import { COUNTED_PLAYS_PER_ADDRESS } from "~/features/play/play-rules";
import { getPublicQuestions } from "~/features/play/public-questions.server";
import { getQuizResults, listFinishedPlaysForExport } from "~/features/play/quiz-results.server";
import { getQuizStats } from "~/features/play/quiz-stats.server";
import { castVote } from "~/features/play/quiz-votes.server";
import { getPlayState, startPlay } from "~/features/play/start-play.server";
import { moveQuestion } from "~/features/quizzes/question-mutations.server";
import { deleteQuiz } from "~/features/quizzes/quiz-mutations.server";
import { getQuestionsWithKey } from "~/features/quizzes/quiz-queries.server";
import { getDb } from "~/lib/db.server";
import { loader as resultsCsvLoader } from "~/routes/api/admin/quizzes/results-csv";
import { sessionCookie } from "../support/admin-session";
import { answerQuestion } from "../support/answers";
import { insertQuiz } from "../support/factories";
import { parseCsv } from "../support/parse-csv";

/** Answers every question of a play, choosing the correct option for the first `correctCount` questions. */
async function playThrough(
  quizId: string,
  visitorId: string,
  correctCount: number,
  preview = false,
  clientIp?: string,
) {
  const db = getDb();
  const { playId } = await startPlay(db, quizId, visitorId, { preview });
  const questions = await getQuestionsWithKey(db, quizId);
  let last = null;
  for (const [index, question] of questions.entries()) {
    const option = question.options.find((o) => o.isCorrect === index < correctCount);
    if (!option) throw new Error("test quiz has no such option");
    last = await answerQuestion(db, {
      playId,
      visitorId,
      questionId: question.id,
      optionId: option.id,
      clientIp,
    });
  }
  return { playId, result: last?.result };
}

describe("quiz plays", () => {
  it("gives the player questions without any answer key", async () => {
    const quiz = await insertQuiz(getDb(), { questionCount: 3 });
    const questions = await getPublicQuestions(getDb(), quiz.id);
    expect(questions).toHaveLength(3);
    expect(JSON.stringify(questions)).not.toMatch(/correct/i);
    const { playId } = await startPlay(getDb(), quiz.id, "visitor-a");
    const state = await getPlayState(getDb(), playId, "visitor-a");
    expect(state.answers).toEqual([]);
    expect(JSON.stringify(state)).not.toMatch(/correct/i);
  });

  it("scores on the server, gives feedback with shares and refuses a changed answer", async () => {
    const db = getDb();
    const quiz = await insertQuiz(db, { questionCount: 3 });
    const [first] = await getQuestionsWithKey(db, quiz.id);
    assert(first);
    const right = first.options.find((o) => o.isCorrect);
    const wrong = first.options.find((o) => !o.isCorrect);
    if (!right || !wrong) throw new Error("bad fixture");
    const { playId } = await startPlay(db, quiz.id, "visitor-b");
    const { feedback, result } = await answerQuestion(db, {
      playId,
      visitorId: "visitor-b",
      questionId: first.id,
      optionId: wrong.id,
    });
    expect(feedback.isCorrect).toBe(false);
    expect(feedback.correctOptionId).toBe(right.id);
    // The first player has no earlier players to compare with: their own answer is not in the shares.
    expect(Object.values(feedback.shares)).toEqual([0, 0, 0]);
    expect(result).toBeNull();
    await expect(
      answerQuestion(db, { playId, visitorId: "visitor-b", questionId: first.id, optionId: right.id }),
    ).rejects.toMatchObject({ status: 409 });
    // Another visitor cannot use this play id.
    await expect(getPlayState(db, playId, "someone-else")).rejects.toMatchObject({
      code: "not-found",
      status: 404,
    });
    // An option of another question is refused.
    const [, second] = await getQuestionsWithKey(db, quiz.id);
    assert(second);
    await expect(
      answerQuestion(db, { playId, visitorId: "visitor-b", questionId: second.id, optionId: right.id }),
    ).rejects.toMatchObject({ status: 400 });
    const resumed = await getPlayState(db, playId, "visitor-b");
    expect(resumed.answers).toHaveLength(1);
    expect(resumed.answers[0]?.chosenOptionId).toBe(wrong.id);
  });

  it("shows each player the shares of earlier players only", async () => {
    const db = getDb();
    const quiz = await insertQuiz(db, { questionCount: 1 });
    const [question] = await getQuestionsWithKey(db, quiz.id);
    assert(question);
    const [a, b] = question.options;
    assert(a && b);
    const answer = async (visitorId: string, optionId: string) => {
      const { playId } = await startPlay(db, quiz.id, visitorId);
      const { feedback } = await answerQuestion(db, { playId, visitorId, questionId: question.id, optionId });
      return { playId, shares: feedback.shares };
    };
    const first = await answer("early-1", a.id);
    expect(Object.values(first.shares)).toEqual([0, 0, 0]);
    const second = await answer("early-2", b.id);
    expect(second.shares).toMatchObject({ [a.id]: 100, [b.id]: 0 });
    const third = await answer("early-3", b.id);
    expect(third.shares).toMatchObject({ [a.id]: 50, [b.id]: 50 });
    // Resuming shows the other players as they are now, never the player's own answer.
    const resumed = await getPlayState(db, first.playId, "early-1");
    expect(resumed.answers[0]).toMatchObject({ players: 2, shares: { [a.id]: 0, [b.id]: 100 } });
  });

  it("counts at most the allowance of plays per address and quiz, however many visitor ids", async () => {
    const db = getDb();
    const quiz = await insertQuiz(db, { questionCount: 2 });
    const { limit } = COUNTED_PLAYS_PER_ADDRESS;
    // In parallel, so the allowance is held under races too.
    const results = await Promise.all(
      Array.from({ length: limit + 10 }, (_, i) => playThrough(quiz.id, `stuff-${i}`, 2, false, "10.60.0.1")),
    );
    // Every play still finishes and shows its result.
    expect(results.every((r) => r.result?.score === 2)).toBe(true);
    expect((await getQuizStats(db, quiz.id)).players).toBe(limit);
    // Another address still counts, and so does the same address on another quiz.
    await playThrough(quiz.id, "elsewhere", 0, false, "10.60.0.2");
    const other = await insertQuiz(db, { questionCount: 1 });
    await playThrough(other.id, "stuff-0", 1, false, "10.60.0.1");
    expect(await getQuizStats(db, quiz.id)).toMatchObject({ players: limit + 1 });
    expect((await getQuizStats(db, other.id)).players).toBe(1);
    // A replay spends nothing: a visitor's second play is uncounted anyway.
    const again = await insertQuiz(db, { questionCount: 1 });
    await playThrough(again.id, "replayer", 1, false, "10.60.0.3");
    for (let i = 0; i < limit + 2; i++) await playThrough(again.id, "replayer", 1, false, "10.60.0.3");
    await playThrough(again.id, "second-person", 1, false, "10.60.0.3");
    expect((await getQuizStats(db, again.id)).players).toBe(2);
  });

  it("100 visitors finishing in parallel give the right counts and average; replays do not count", async () => {
    const db = getDb();
    const quiz = await insertQuiz(db, { questionCount: 4 });
    // Scores 0..4 spread evenly over 100 visitors: the average is exactly 2.
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) => playThrough(quiz.id, `visitor-${i}`, i % 5)),
    );
    expect(results.every((r) => r.result !== null)).toBe(true);
    let stats = await getQuizStats(db, quiz.id);
    expect(stats.players).toBe(100);
    expect(stats.average).toBeCloseTo(2, 10);
    // Replays (perfect scores, some of them concurrent for one visitor) are stored but not counted.
    await Promise.all([
      playThrough(quiz.id, "visitor-0", 4),
      playThrough(quiz.id, "visitor-0", 4),
      playThrough(quiz.id, "visitor-1", 4),
    ]);
    stats = await getQuizStats(db, quiz.id);
    expect(stats.players).toBe(100);
    expect(stats.average).toBeCloseTo(2, 10);
    const counted = await db.select().from(quizPlays).where(eq(quizPlays.counted, true));
    expect(counted.filter((p) => p.quizId === quiz.id)).toHaveLength(100);
    const results2 = await getQuizResults(db, quiz.id);
    expect(results2.started).toBe(103);
    expect(results2.finished).toBe(103);
    expect(results2.countedScores).toHaveLength(100);
  });

  it("counts a visitor's first finished play, even when a later-started play finishes first", async () => {
    const db = getDb();
    const quiz = await insertQuiz(db, { questionCount: 1 });
    const [question] = await getQuestionsWithKey(db, quiz.id);
    assert(question);
    const slow = await startPlay(db, quiz.id, "visitor-c");
    const fast = await playThrough(quiz.id, "visitor-c", 1);
    expect(fast.result?.score).toBe(1);
    await answerQuestion(db, {
      playId: slow.playId,
      visitorId: "visitor-c",
      questionId: question.id,
      optionId: question.options.find((o) => !o.isCorrect)?.id ?? "",
    });
    const stats = await getQuizStats(db, quiz.id);
    expect(stats).toMatchObject({ players: 1, average: 1 });
  });

  it("never counts admin previews", async () => {
    const quiz = await insertQuiz(getDb(), { questionCount: 2, isActive: false });
    const { result } = await playThrough(quiz.id, "admin-visitor", 2, true);
    expect(result?.score).toBe(2);
    expect((await getQuizStats(getDb(), quiz.id)).players).toBe(0);
    const results = await getQuizResults(getDb(), quiz.id);
    expect(results).toMatchObject({ started: 0, finished: 0, counted: 0, average: null, countedScores: [] });
    expect(results.questions.map((q) => q.answers)).toEqual([0, 0]);
    // A real play next to the preview: only its answers are counted.
    await playThrough(quiz.id, "real-visitor", 1);
    const after = await getQuizResults(getDb(), quiz.id);
    expect(after).toMatchObject({ started: 1, finished: 1, counted: 1, average: 1, countedScores: [1] });
    expect(after.questions.map((q) => q.answers)).toEqual([1, 1]);
  });

  it("keeps one vote per visitor and lets it change", async () => {
    const db = getDb();
    const quiz = await insertQuiz(db);
    await Promise.all([castVote(db, quiz.id, "v1", "up"), castVote(db, quiz.id, "v1", "up")]);
    await castVote(db, quiz.id, "v2", "up");
    expect(await getQuizStats(db, quiz.id)).toMatchObject({ up: 2, down: 0 });
    await castVote(db, quiz.id, "v1", "down");
    expect(await getQuizStats(db, quiz.id)).toMatchObject({ up: 1, down: 1 });
    const votes = await db.select().from(quizVotes).where(eq(quizVotes.quizId, quiz.id));
    expect(votes.map((v) => [v.visitorId, v.vote]).sort()).toEqual([
      ["v1", "down"],
      ["v2", "up"],
    ]);
  });

  it("exports finished plays with per-question correctness", async () => {
    const db = getDb();
    const quiz = await insertQuiz(db, { questionCount: 3 });
    await playThrough(quiz.id, "csv-visitor", 2);
    await startPlay(db, quiz.id, "unfinished");
    const exported = await listFinishedPlaysForExport(db, quiz.id);
    expect(exported.questionCount).toBe(3);
    expect(exported.plays).toHaveLength(1);
    expect(exported.plays[0]).toMatchObject({
      visitorId: "csv-visitor",
      score: 2,
      correctness: [true, true, false],
    });

    // A second finished play of the same visitor does not count; the file says so for each play.
    await playThrough(quiz.id, "csv-visitor", 3);
    const response = await resultsCsvLoader({
      request: new Request(`http://localhost/api/admin/quizzes/${quiz.id}/results.csv`, {
        headers: { cookie: await sessionCookie({ admin: true }) },
      }),
      params: { id: quiz.id },
      context: {},
    } as Parameters<typeof resultsCsvLoader>[0]);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes));
    expect(rows[0]).toEqual([
      "Spel-ID",
      "Besökar-ID",
      "Startad",
      "Avslutad",
      "Poäng",
      "Antal frågor",
      "Räknas i statistiken",
      "Fråga 1",
      "Fråga 2",
      "Fråga 3",
    ]);
    expect(rows.slice(1).map((r) => [r[1], r[4], r[5], r[6], ...r.slice(7)])).toEqual([
      ["csv-visitor", "2", "3", "Ja", "1", "1", "0"],
      ["csv-visitor", "3", "3", "Nej", "1", "1", "1"],
    ]);
    for (const row of rows.slice(1)) {
      expect(row[2]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect(row[3]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    }
  });

  it("moves questions and deletes a quiz with everything under it", async () => {
    const db = getDb();
    const quiz = await insertQuiz(db, { questionCount: 3 });
    const before = await getQuestionsWithKey(db, quiz.id);
    expect(await moveQuestion(db, quiz.id, before[2]!.id, "up")).toBe(true);
    expect(await moveQuestion(db, quiz.id, before[0]!.id, "up")).toBe(false);
    const after = await getQuestionsWithKey(db, quiz.id);
    expect(after.map((q) => q.id)).toEqual([before[0]!.id, before[2]!.id, before[1]!.id]);
    await playThrough(quiz.id, "gone", 1);
    await castVote(db, quiz.id, "gone", "up");
    expect(await deleteQuiz(db, quiz.id)).toBe(true);
    expect(await db.select().from(quizQuestions).where(eq(quizQuestions.quizId, quiz.id))).toHaveLength(0);
    expect(await db.select().from(quizOptions).where(eq(quizOptions.questionId, before[0]!.id))).toHaveLength(
      0,
    );
    expect(await db.select().from(quizPlays).where(eq(quizPlays.quizId, quiz.id))).toHaveLength(0);
  });
});

describe("answers arriving together", () => {
  it("finishes and counts a play whose answers all arrive at once, once", async () => {
    const db = getDb();
    const quiz = await insertQuiz(db, { questionCount: 5 });
    const questions = await getQuestionsWithKey(db, quiz.id);
    const { playId } = await startPlay(db, quiz.id, "all-at-once");
    const answers = await Promise.all(
      questions.map((question) =>
        answerQuestion(db, {
          playId,
          visitorId: "all-at-once",
          questionId: question.id,
          optionId: question.options.find((o) => o.isCorrect)!.id,
          clientIp: "10.46.0.1",
        }),
      ),
    );
    const [play] = await db.select().from(quizPlays).where(eq(quizPlays.id, playId));
    expect(play).toMatchObject({ counted: true, score: 5 });
    expect(play?.finishedAt).not.toBeNull();
    // At least the answer that completed the play carries the result.
    expect(answers.some((a) => a.result?.score === 5)).toBe(true);
    // Its answers were added to the option tallies exactly once: the next player sees one earlier player.
    const { playId: next } = await startPlay(db, quiz.id, "after-them");
    const [first] = questions;
    assert(first);
    const seen = await answerQuestion(db, {
      playId: next,
      visitorId: "after-them",
      questionId: first.id,
      optionId: first.options.find((o) => o.isCorrect)!.id,
    });
    expect(seen.feedback.players).toBe(1);
  });
});
