import { eq, sql } from "drizzle-orm";
import { assert, describe, expect, it } from "vitest";
import { quizAnswers, quizPlays } from "~/db/schema";
import { getQuizResults, listFinishedPlaysForExport } from "~/features/play/quiz-results.server";
import { getQuizStats } from "~/features/play/quiz-stats.server";
import { getPlayState, startPlay } from "~/features/play/start-play.server";
import { updateQuestion } from "~/features/quizzes/question-mutations.server";
import { type EditorQuestion, getQuestionsWithKey } from "~/features/quizzes/quiz-queries.server";
import { getDb, queryRows } from "~/lib/db.server";
import { action as reportAction } from "~/routes/api/quiz-plays/report";
import { answerQuestion } from "../support/answers";
import { insertQuiz } from "../support/factories";

/** The visitor report budget of one address (lib/rate-limit.server.ts). */
const VISITOR_REPORT_RATE_LIMIT = { limit: 20 };

type Pick = "right" | "wrong";

/** Answers the given questions of a play in order, right or wrong (the first wrong option), and returns the feedback. */
async function answer(playId: string, visitorId: string, questions: EditorQuestion[], picks: Pick[]) {
  const out = [];
  for (const [index, pick] of picks.entries()) {
    const question = questions[index];
    assert(question);
    const option = question.options.find((o) => o.isCorrect === (pick === "right"));
    assert(option);
    out.push(
      await answerQuestion(getDb(), { playId, visitorId, questionId: question.id, optionId: option.id }),
    );
  }
  return out;
}

async function play(quizId: string, visitorId: string, picks: Pick[], preview = false) {
  const questions = await getQuestionsWithKey(getDb(), quizId);
  const { playId } = await startPlay(getDb(), quizId, visitorId, { preview });
  const answers = await answer(playId, visitorId, questions, picks);
  return { playId, answers, result: answers.at(-1)?.result ?? null };
}

describe("one definition of a counted play feeds every number", () => {
  it("leaves abandoned plays, plays in progress, previews and replays out of the shares; the first player is told so", async () => {
    const quiz = await insertQuiz(getDb(), { questionCount: 2 });
    const questions = await getQuestionsWithKey(getDb(), quiz.id);

    // Someone who gave up after one answer, an admin preview, and someone still playing.
    await play(quiz.id, "abandoner", ["wrong"]);
    await play(quiz.id, "admin-1", ["wrong", "wrong"], true);
    const inProgress = await play(quiz.id, "still-playing", ["wrong"]);

    // The first counted player sees no earlier players at all: no shares, no zeros.
    const first = await play(quiz.id, "first-player", ["right", "right"]);
    expect(first.answers.map((a) => a.feedback.players)).toEqual([0, 0]);
    expect(Object.values(first.answers[0]!.feedback.shares)).toEqual([0, 0, 0]);
    expect(first.result).toMatchObject({ score: 2, players: 1, betterThan: null });
    expect(first.result?.review.map((r) => [r.players, r.correctPercent])).toEqual([
      [0, null],
      [0, null],
    ]);

    // A replay by the same visitor is not compared with that visitor's own first play.
    const replay = await play(quiz.id, "first-player", ["wrong", "wrong"]);
    expect(replay.answers[0]?.feedback.players).toBe(0);
    expect(replay.result).toMatchObject({ score: 0, players: 1, betterThan: null });

    // The second counted player sees exactly one earlier player.
    const second = await play(quiz.id, "second-player", ["wrong", "right"]);
    const [q1] = questions;
    assert(q1);
    const q1Right = q1.options.find((o) => o.isCorrect)?.id ?? "";
    expect(second.answers[0]?.feedback).toMatchObject({ players: 1, shares: { [q1Right]: 100 } });
    expect(second.result).toMatchObject({ score: 1, players: 2, average: 1.5, betterThan: 0 });
    expect(second.result?.review).toEqual([
      { questionId: q1.id, players: 1, correctPercent: 100 },
      { questionId: questions[1]?.id, players: 1, correctPercent: 100 },
    ]);

    // The first player's result now compares with the second, and a resumed feedback shows them too.
    const resumed = await getPlayState(getDb(), first.playId, "first-player");
    expect(resumed.result).toMatchObject({ betterThan: 100, players: 2 });
    expect(resumed.answers.map((a) => a.players)).toEqual([1, 1]);
    expect(resumed.result?.review.map((r) => [r.players, r.correctPercent])).toEqual([
      [1, 0],
      [1, 100],
    ]);

    // The play in progress finishes now: it counts from here on, and its earlier answer saw nobody.
    const [, q2] = questions;
    assert(q2);
    const finished = await answer(inProgress.playId, "still-playing", [q2], ["wrong"]);
    expect(inProgress.answers[0]?.feedback.players).toBe(0);
    expect(finished[0]?.result).toMatchObject({ score: 0, players: 3, betterThan: 0 });

    // The quiz page and the admin results read the same three counted plays.
    expect(await getQuizStats(getDb(), quiz.id)).toMatchObject({ players: 3 });
    const results = await getQuizResults(getDb(), quiz.id);
    expect(results.counted).toBe(3);
    expect(results.questions.map((q) => q.answers)).toEqual([3, 3]);
    expect(results.questions[0]?.correctRate).toBeCloseTo(1 / 3);
    expect(results.questions[1]?.correctRate).toBeCloseTo(2 / 3);
    // Started and finished still tell every visitor's plays (previews aside).
    expect(results.started).toBe(5);
    expect(results.finished).toBe(4);
  });

  it("keeps the options' tallies equal to the counted plays' answers when many finish at once", async () => {
    const quiz = await insertQuiz(getDb(), { questionCount: 4 });
    const picks: Pick[][] = [
      ["right", "wrong", "right", "wrong"],
      ["wrong", "wrong", "right", "right"],
      ["right", "right", "right", "right"],
    ];
    await Promise.all(
      Array.from({ length: 60 }, (_, i) => play(quiz.id, `tally-${i % 50}`, picks[i % 3] ?? picks[0]!)),
    );
    const tallies = await queryRows<{ option_id: string; answers: number }>(
      getDb(),
      sql`select t.option_id, t.answers from quiz_option_tallies t
          join quiz_options o on o.id = t.option_id
          join quiz_questions q on q.id = o.question_id where q.quiz_id = ${quiz.id}::uuid`,
    );
    const joined = await queryRows<{ option_id: string; answers: number }>(
      getDb(),
      sql`select a.option_id, count(*)::int as answers from quiz_answers a
          join quiz_plays p on p.id = a.play_id where p.quiz_id = ${quiz.id}::uuid and p.counted
          group by a.option_id`,
    );
    const byOption = (rows: { option_id: string; answers: number }[]) =>
      Object.fromEntries(
        rows.filter((r) => Number(r.answers) > 0).map((r) => [r.option_id, Number(r.answers)]),
      );
    expect(byOption(tallies)).toEqual(byOption(joined));
    // 50 visitors, 10 of them twice: 50 counted plays, 4 answers each.
    expect(Object.values(byOption(tallies)).reduce((a, b) => a + b, 0)).toBe(200);
    // The counted plays per score are kept the same way.
    const scores = await queryRows<{ score: number; plays: number }>(
      getDb(),
      sql`select score, plays from quiz_score_counts where quiz_id = ${quiz.id}::uuid and plays > 0 order by score`,
    );
    const counted = await queryRows<{ score: number; plays: number }>(
      getDb(),
      sql`select score, count(*)::int as plays from quiz_plays
          where quiz_id = ${quiz.id}::uuid and counted group by score order by score`,
    );
    expect(scores.map((r) => [Number(r.score), Number(r.plays)])).toEqual(
      counted.map((r) => [Number(r.score), Number(r.plays)]),
    );
  });

  it("says how many earlier players a share is of, over up to 148 of them", async () => {
    const quiz = await insertQuiz(getDb(), { questionCount: 1 });
    const plays = [];
    for (let i = 0; i < 148; i++) plays.push(play(quiz.id, `crowd-${i}`, [i < 92 ? "right" : "wrong"]));
    await Promise.all(plays);
    const late = await play(quiz.id, "late", ["right"]);
    const feedback = late.answers[0]?.feedback;
    assert(feedback);
    expect(feedback.players).toBe(148);
    // 92 of 148 right: 62 %.
    expect(feedback.shares[feedback.correctOptionId]).toBe(62);
  });
});

function report(playId: string, body: Record<string, unknown>, ip = "10.70.0.1") {
  const request = new Request(`http://localhost:3000/api/quiz-plays/${playId}/reports`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-quizkvall-client-ip": ip },
    body: JSON.stringify(body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: the route's generated argument type carries more than needed
  return reportAction({ request, params: { playId }, context: {} } as any) as Promise<Response>;
}

describe("Rapportera frågan", () => {
  it("takes a report of an answered question, one per visitor, and shows it on the admin results", async () => {
    const quiz = await insertQuiz(getDb(), { questionCount: 2 });
    const [q1, q2] = await getQuestionsWithKey(getDb(), quiz.id);
    assert(q1 && q2);
    const { playId } = await play(quiz.id, "reporter", ["right"]);

    const early = await report(playId, { visitorId: "reporter", questionId: q2.id, reason: "unclear" });
    expect(early.status).toBe(409);
    expect(await early.json()).toEqual({ error: "Svara på frågan innan du rapporterar den" });
    const bad = await report(playId, { visitorId: "reporter", questionId: q1.id, reason: "tråkig" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toBe("Välj fel svar, otydlig eller inaktuell");
    const stranger = await report(playId, {
      visitorId: "someone-else",
      questionId: q1.id,
      reason: "unclear",
    });
    expect(stranger.status).toBe(404);

    expect(
      (await report(playId, { visitorId: "reporter", questionId: q1.id, reason: "unclear" })).status,
    ).toBe(201);
    // Reporting again changes the reason; it is still one report.
    expect(
      (await report(playId, { visitorId: "reporter", questionId: q1.id, reason: "wrong_answer" })).status,
    ).toBe(201);
    const other = await play(quiz.id, "reporter-2", ["wrong"]);
    await report(other.playId, { visitorId: "reporter-2", questionId: q1.id, reason: "outdated" });

    const results = await getQuizResults(getDb(), quiz.id);
    expect(results.questions[0]?.reports).toEqual({ wrong_answer: 1, unclear: 0, outdated: 1 });
    expect(results.questions[1]?.reports).toEqual({ wrong_answer: 0, unclear: 0, outdated: 0 });
  });

  it("is rate-limited per address together with the other visitor reports", async () => {
    const quiz = await insertQuiz(getDb(), { questionCount: 1 });
    const [q1] = await getQuestionsWithKey(getDb(), quiz.id);
    assert(q1);
    const statuses = [];
    for (let i = 0; i <= VISITOR_REPORT_RATE_LIMIT.limit; i++) {
      const { playId } = await play(quiz.id, `flood-${i}`, ["right"]);
      const response = await report(
        playId,
        { visitorId: `flood-${i}`, questionId: q1.id, reason: "unclear" },
        "10.70.0.9",
      );
      statuses.push(response.status);
      if (response.status === 429) {
        expect(response.headers.get("Retry-After")).toMatch(/^\d+$/);
        expect((await response.json()).error).toBe("För många rapporter. Försök igen om en stund.");
      }
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(VISITOR_REPORT_RATE_LIMIT.limit);
    expect(statuses.at(-1)).toBe(429);
    // Another address is not affected.
    const { playId } = await play(quiz.id, "calm", ["right"]);
    expect(
      (await report(playId, { visitorId: "calm", questionId: q1.id, reason: "unclear" }, "10.70.0.10"))
        .status,
    ).toBe(201);
  });
});

describe("changing which option is correct", () => {
  it("re-scores every stored answer and play, and every number built on them, in one transaction", async () => {
    const quiz = await insertQuiz(getDb(), { questionCount: 3 });
    const questions = await getQuestionsWithKey(getDb(), quiz.id);
    const [q1] = questions;
    assert(q1);
    const oldRight = q1.options.find((o) => o.isCorrect);
    const wrongs = q1.options.filter((o) => !o.isCorrect);
    const [newRight] = wrongs;
    assert(oldRight && newRight);
    // Four players: two chose the old key on question 1, two the option that becomes right.
    const a = await play(quiz.id, "key-a", ["right", "right", "right"]);
    const b = await play(quiz.id, "key-b", ["right", "wrong", "wrong"]);
    const c = await play(quiz.id, "key-c", ["wrong", "right", "right"]);
    const d = await play(quiz.id, "key-d", ["wrong", "wrong", "wrong"]);
    // A play in progress that answered question 1 with the option that becomes right.
    const open = await play(quiz.id, "key-e", ["wrong"]);
    expect([a, b, c, d].map((p) => p.result?.score)).toEqual([3, 1, 2, 0]);
    expect((await getQuizStats(getDb(), quiz.id)).average).toBe(1.5);

    const ok = await updateQuestion(getDb(), quiz.id, q1.id, {
      questionText: q1.questionText,
      options: q1.options.map((o) => o.optionText) as [string, string, string],
      correct: q1.options.indexOf(newRight),
    });
    expect(ok).toBe(true);

    // The options are the same rows (the answers still point at them), with the new key.
    const after = await getQuestionsWithKey(getDb(), quiz.id);
    expect(after[0]?.options.map((o) => o.id)).toEqual(q1.options.map((o) => o.id));
    expect(after[0]?.options.find((o) => o.isCorrect)?.id).toBe(newRight.id);

    const scores = await Promise.all(
      (
        [
          [a, "key-a"],
          [b, "key-b"],
          [c, "key-c"],
          [d, "key-d"],
        ] as const
      ).map(async ([p, visitor]) => (await getPlayState(getDb(), p.playId, visitor)).result?.score),
    );
    expect(scores).toEqual([2, 0, 3, 1]);
    const stored = await getDb().select().from(quizAnswers).where(eq(quizAnswers.questionId, q1.id));
    for (const row of stored) expect(row.isCorrect).toBe(row.optionId === newRight.id);
    expect(stored.find((r) => r.playId === open.playId)?.isCorrect).toBe(true);
    // The in-progress play keeps no score until it finishes.
    const [openRow] = await getDb().select().from(quizPlays).where(eq(quizPlays.id, open.playId));
    expect(openRow).toMatchObject({ finishedAt: null, score: 0 });

    // Average, distribution, per-question rate, percentile and the CSV follow.
    expect((await getQuizStats(getDb(), quiz.id)).average).toBe(1.5);
    const results = await getQuizResults(getDb(), quiz.id);
    expect(results.countedScores.sort()).toEqual([0, 1, 2, 3]);
    expect(results.questions[0]?.correctRate).toBe(0.5);
    expect(results.questions[0]?.options.find((o) => o.isCorrect)?.id).toBe(newRight.id);
    expect((await getPlayState(getDb(), c.playId, "key-c")).result?.betterThan).toBe(100);
    const exported = await listFinishedPlaysForExport(getDb(), quiz.id);
    expect(exported.plays.find((p) => p.playId === c.playId)).toMatchObject({
      score: 3,
      correctness: [true, true, true],
    });

    // A correction that only rewrites an option's text leaves every score as it was.
    await updateQuestion(getDb(), quiz.id, q1.id, {
      questionText: `${q1.questionText} (rättad)`,
      options: after[0]!.options.map((o, i) => (i === 0 ? `${o.optionText}!` : o.optionText)) as [
        string,
        string,
        string,
      ],
      correct: q1.options.indexOf(newRight),
    });
    expect((await getPlayState(getDb(), c.playId, "key-c")).result?.score).toBe(3);
  });

  it("changes nothing when the question is not the quiz's", async () => {
    const quiz = await insertQuiz(getDb(), { questionCount: 1 });
    const other = await insertQuiz(getDb(), { questionCount: 1 });
    const [question] = await getQuestionsWithKey(getDb(), other.id);
    assert(question);
    const p = await play(other.id, "other-quiz", ["right"]);
    const ok = await updateQuestion(getDb(), quiz.id, question.id, {
      questionText: "Kapad",
      options: ["x", "y", "z"],
      correct: 2,
    });
    expect(ok).toBe(false);
    expect((await getPlayState(getDb(), p.playId, "other-quiz")).result?.score).toBe(1);
    expect((await getQuestionsWithKey(getDb(), other.id))[0]?.questionText).toBe(question.questionText);
  });
});
