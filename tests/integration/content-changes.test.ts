import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { incrementEventBeers } from "~/features/beer-activity/beer-increment.server";
import { confirmEventByAdmin, confirmVisit } from "~/features/confirmations/confirmations.server";
import { deleteEvent } from "~/features/event-editor/event-mutations.server";
import { removeException, saveException } from "~/features/event-nights/event-exceptions.server";
import { castVote } from "~/features/play/quiz-votes.server";
import { startPlay } from "~/features/play/start-play.server";
import {
  addQuestion,
  deleteQuestion,
  moveQuestion,
  updateQuestion,
} from "~/features/quizzes/question-mutations.server";
import { deleteQuiz, updateQuiz } from "~/features/quizzes/quiz-mutations.server";
import { getQuestionsWithKey } from "~/features/quizzes/quiz-queries.server";
import { createReport, createSuggestion } from "~/features/reports/reports.server";
import { type ContentScope, onContentChange } from "~/lib/content-changes.server";
import { getDb } from "~/lib/db.server";
import { newRequestScope, runInRequestScope } from "~/lib/request-scope.server";
import { answerQuestion } from "../support/answers";
import { recordBeer } from "../support/beers";
import { insertEvent, insertQuiz, SYSTEM_ACTOR } from "../support/factories";

/**
 * What empties the page cache is what the writing code declares (docs/decisions/022): every write that
 * changes what a page shows says which content, after it has committed; counters and refused or no-op
 * writes say nothing.
 */
const announced: ContentScope[][] = [];
let stop = () => {};
beforeEach(() => {
  stop = onContentChange((scopes) => announced.push([...scopes].sort()));
});
afterEach(() => {
  stop();
  announced.length = 0;
});

/** What `write` announced (outside a request, a change is announced at once). */
async function changesOf(write: () => Promise<unknown>): Promise<ContentScope[][]> {
  announced.length = 0;
  await write();
  return [...announced];
}

const NOW = new Date("2026-12-01T17:00:00.000Z");

describe("content changes", () => {
  it("an admin's event writes change events; skålor, the beer job and visitors' confirmations change none", async () => {
    const db = getDb();
    const event = await insertEvent(db, { title: "Ändringsquiz", city: "Malmö", weekday: "Tisdag" });
    expect(await changesOf(() => insertEvent(db, { title: "Ny", city: "Malmö" }))).toEqual([["events"]]);
    expect(
      await changesOf(() =>
        saveException(db, event.id, { kind: "cancelled", date: "2026-12-08", note: null }, SYSTEM_ACTOR, NOW),
      ),
    ).toEqual([["events"]]);
    expect(
      await changesOf(() => removeException(db, event.id, "2026-12-08", "cancelled", SYSTEM_ACTOR)),
    ).toEqual([["events"]]);
    expect(await changesOf(() => confirmEventByAdmin(db, event.id, NOW))).toEqual([["events"]]);

    // Writes that change only counters, and no-ops.
    expect(await changesOf(() => recordBeer(db, { eventId: event.id, visitorId: "v-1" }, NOW))).toEqual([]);
    expect(await changesOf(() => recordBeer(db, { eventId: event.id, visitorId: "v-1" }, NOW))).toEqual([]);
    expect(await changesOf(() => incrementEventBeers(db))).toEqual([]);
    // A visitor's confirmation an hour into the first night.
    const duringNight = new Date(event.startTime.getTime() + 3_600_000);
    const visit = (input: { eventId: string; visitorId: string; clientIp: string }) =>
      confirmVisit(db, input, duringNight).then((result) => expect(result.status).toBe("accepted"));
    expect(
      await changesOf(() => visit({ eventId: event.id, visitorId: "v-1", clientIp: "10.0.0.1" })),
    ).toEqual([]);
    expect(
      await changesOf(() => removeException(db, event.id, "2026-12-09", "cancelled", SYSTEM_ACTOR)),
    ).toEqual([]);
    expect(await changesOf(() => confirmEventByAdmin(db, crypto.randomUUID(), NOW))).toEqual([]);
    expect(await changesOf(() => deleteEvent(db, crypto.randomUUID()))).toEqual([]);
    // Reports and suggestions are read by admins only.
    expect(
      await changesOf(() =>
        createReport(db, {
          eventId: event.id,
          reportType: "other",
          title: "Fel tid",
          description: "Det börjar 19",
          reporterName: null,
          contactEmail: null,
        }),
      ),
    ).toEqual([]);
    expect(
      await changesOf(() =>
        createSuggestion(db, {
          venueName: "Nya puben",
          city: "Malmö",
          contactName: null,
          contactEmail: null,
          additionalInfo: null,
        }),
      ),
    ).toEqual([]);

    expect(await changesOf(() => deleteEvent(db, event.id))).toEqual([["events"]]);
  });

  it("quiz writes change quizzes; plays and votes change none", async () => {
    const db = getDb();
    const quiz = await insertQuiz(db, { title: "Ändringar", questionCount: 2 });
    const fields = {
      questionText: "Vilken?",
      options: ["A", "B", "C"] as [string, string, string],
      correct: 1,
    };
    expect(
      await changesOf(() =>
        updateQuiz(db, quiz.id, {
          title: "Ändrat",
          category: quiz.category,
          difficulty: "easy",
          description: null,
          isActive: true,
        }),
      ),
    ).toEqual([["quizzes"]]);
    let questionId = "";
    expect(
      await changesOf(async () => {
        questionId = await addQuestion(db, quiz.id, fields);
      }),
    ).toEqual([["quizzes"]]);
    expect(await changesOf(() => updateQuestion(db, quiz.id, questionId, fields))).toEqual([["quizzes"]]);
    expect(await changesOf(() => moveQuestion(db, quiz.id, questionId, "up"))).toEqual([["quizzes"]]);

    const { playId } = await startPlay(db, quiz.id, "player-1");
    const [question] = await getQuestionsWithKey(db, quiz.id);
    const option = question?.options[0];
    if (!question || !option) throw new Error("the quiz has questions");
    expect(
      await changesOf(() =>
        answerQuestion(db, { playId, visitorId: "player-1", questionId: question.id, optionId: option.id }),
      ),
    ).toEqual([]);
    expect(await changesOf(() => castVote(db, quiz.id, "player-1", "up"))).toEqual([]);
    expect(await changesOf(() => deleteQuestion(db, quiz.id, crypto.randomUUID()))).toEqual([]);
    expect(await changesOf(() => updateQuiz(db, crypto.randomUUID(), { ...quizFields(quiz) }))).toEqual([]);

    expect(await changesOf(() => deleteQuestion(db, quiz.id, questionId))).toEqual([["quizzes"]]);
    expect(await changesOf(() => deleteQuiz(db, quiz.id))).toEqual([["quizzes"]]);
  });

  it("inside a request, a change is collected on the request and announced by the server when its work ends", async () => {
    const db = getDb();
    const scope = newRequestScope();
    await runInRequestScope(scope, () => insertEvent(db, { title: "Under en förfrågan", city: "Malmö" }));
    expect(announced).toEqual([]);
    expect([...scope.changed]).toEqual(["events"]);
  });
});

function quizFields(quiz: { title: string; category: string }) {
  return {
    title: quiz.title,
    category: quiz.category,
    difficulty: "medium" as const,
    description: null,
    isActive: true,
  };
}
