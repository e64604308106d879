import { inArray, sql } from "drizzle-orm";
import { assert, describe, expect, it } from "vitest";
import { quizPlays, quizQuestionReports, quizVotes } from "~/db/schema";
import { reportQuestion } from "~/features/play/question-reports.server";
import { getQuizResults, type QuizResults } from "~/features/play/quiz-results.server";
import { getQuizStats } from "~/features/play/quiz-stats.server";
import { castVote } from "~/features/play/quiz-votes.server";
import { getPlayState, startPlay } from "~/features/play/start-play.server";
import { runRetention } from "~/features/privacy/retention.server";
import { getQuestionsWithKey } from "~/features/quizzes/quiz-queries.server";
import { getDb, queryRows } from "~/lib/db.server";
import { answerQuestion } from "../support/answers";
import { insertQuiz } from "../support/factories";

/**
 * After 180 days a play, vote or question report loses its browser id (decision 054) and keeps the rest, so
 * every number a player or an admin sees about the quiz stays as it was.
 */
const DAY = 24 * 60 * 60 * 1000;

async function play(quizId: string, visitorId: string, picks: boolean[], preview = false) {
  const db = getDb();
  const questions = await getQuestionsWithKey(db, quizId);
  const { playId } = await startPlay(db, quizId, visitorId, { preview });
  for (const [index, right] of picks.entries()) {
    const question = questions[index];
    assert(question);
    const option = question.options.find((o) => o.isCorrect === right);
    assert(option);
    await answerQuestion(db, { playId, visitorId, questionId: question.id, optionId: option.id });
  }
  return { playId, questionIds: questions.map((q) => q.id) };
}

/** The results page without the visitor ids, which are what the retention changes. */
function withoutVisitors(results: QuizResults) {
  return { ...results, recent: results.recent.map(({ visitorId: _, ...rest }) => rest) };
}

describe("retention of quiz plays, votes and question reports", () => {
  it("drops the browser id after 180 days and leaves every statistic as it was", async () => {
    const db = getDb();
    const now = new Date();
    const quiz = await insertQuiz(db, { questionCount: 2 });
    const first = await play(quiz.id, "old-player", [true, true]);
    await play(quiz.id, "old-player", [false, false]);
    await play(quiz.id, "admin-1", [false, true], true);
    await play(quiz.id, "abandoner", [true]);
    await play(quiz.id, "new-player", [false, true]);
    await castVote(db, quiz.id, "old-player", "up");
    await castVote(db, quiz.id, "new-player", "down");
    const [q1] = first.questionIds;
    assert(q1);
    await reportQuestion(db, {
      playId: first.playId,
      visitorId: "old-player",
      questionId: q1,
      reason: "unclear",
    });
    const newest = await play(quiz.id, "reporter", [true]);
    await reportQuestion(db, {
      playId: newest.playId,
      visitorId: "reporter",
      questionId: q1,
      reason: "outdated",
    });

    // Everything but the new player's and the reporter's rows is from half a year ago.
    const old = new Date(now.getTime() - 181 * DAY).toISOString();
    const oldIds = ["old-player", "preview:admin-1", "abandoner"];
    await db
      .update(quizPlays)
      .set({ startedAt: sql`${old}::timestamptz` })
      .where(inArray(quizPlays.visitorId, oldIds));
    await db
      .update(quizVotes)
      .set({ updatedAt: sql`${old}::timestamptz` })
      .where(inArray(quizVotes.visitorId, oldIds));
    await db
      .update(quizQuestionReports)
      .set({ createdAt: sql`${old}::timestamptz` })
      .where(inArray(quizQuestionReports.visitorId, oldIds));

    const statsBefore = await getQuizStats(db, quiz.id);
    const resultsBefore = await getQuizResults(db, quiz.id);
    const done = await runRetention(db, now);
    expect([done.plays, done.votes, done.questionReports]).toEqual([4, 1, 1]);

    expect(await getQuizStats(db, quiz.id)).toEqual(statsBefore);
    expect(withoutVisitors(await getQuizResults(db, quiz.id))).toEqual(withoutVisitors(resultsBefore));
    const plays = await queryRows<{ id: string; visitor_id: string; counted: boolean }>(
      db,
      sql`select id, visitor_id, counted from quiz_plays where quiz_id = ${quiz.id} order by started_at, id`,
    );
    const unlinked = plays.filter((p) => p.visitor_id.includes("anonym:"));
    expect(unlinked).toHaveLength(4);
    for (const p of unlinked) expect(p.visitor_id.replace(/^(preview:)?anonym:/, "")).toBe(p.id);
    expect(unlinked.filter((p) => p.visitor_id.startsWith("preview:anonym:"))).toHaveLength(1);
    expect(unlinked.filter((p) => p.counted)).toHaveLength(1);
    expect(
      plays
        .filter((p) => !p.visitor_id.includes("anonym:"))
        .map((p) => p.visitor_id)
        .sort(),
    ).toEqual(["new-player", "reporter"]);
    const voters = await db
      .select({ id: quizVotes.visitorId })
      .from(quizVotes)
      .where(inArray(quizVotes.quizId, [quiz.id]));
    expect(voters.map((v) => v.id.replace(/^anonym:.+$/, "anonym")).sort()).toEqual(["anonym", "new-player"]);
    const reporters = await db.select({ id: quizQuestionReports.visitorId }).from(quizQuestionReports);
    expect(reporters.map((r) => r.id.replace(/^anonym:.+$/, "anonym")).sort()).toEqual([
      "anonym",
      "reporter",
    ]);

    // The browser can no longer open its old play; a second run finds nothing left to unlink.
    await expect(getPlayState(db, first.playId, "old-player")).rejects.toMatchObject({ status: 404 });
    expect((await runRetention(db, now)).plays).toBe(0);

    // What the link was for: the old player's next finished play now counts as their first.
    await play(quiz.id, "old-player", [false, false]);
    expect((await getQuizStats(db, quiz.id)).players).toBe(statsBefore.players + 1);
  });
});
