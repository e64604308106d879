import { sql } from "drizzle-orm";
import { assert, describe, expect, it } from "vitest";
import { getQuizStats } from "~/features/play/quiz-stats.server";
import { getQuestionsWithKey } from "~/features/quizzes/quiz-queries.server";
import { getDb, queryRows } from "~/lib/db.server";
import { action as answerAction } from "~/routes/api/quiz-plays/answer";
import { action as startAction } from "~/routes/api/quiz-plays/start";
import { loader as stateLoader } from "~/routes/api/quiz-plays/state";
import { action as voteAction } from "~/routes/api/quiz-plays/vote";
import { loader as playLoader } from "~/routes/public/quiz-play";
import { callRoute } from "../support/call-route";
import { insertQuiz } from "../support/factories";

const BASE = "http://localhost:3000";
const KEY_MARKERS = /is_?correct|correctOption|"correct"/i;

function post(path: string, body: unknown) {
  return new Request(`${BASE}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** The status React Router would answer with: a Response's, a `data(…)` init's, or 200 for plain data. */
async function status(promise: Promise<unknown>): Promise<number> {
  const result = await promise;
  if (result instanceof Response) return result.status;
  return (result as { init?: { status?: number } } | null)?.init?.status ?? 200;
}

describe("play endpoints", () => {
  it("never send the answer key before a question is answered", async () => {
    const quiz = await insertQuiz(getDb(), { questionCount: 3 });
    const page = await callRoute(playLoader, new Request(`${BASE}/veckans-nutidsquiz/spela/${quiz.id}`), {
      id: quiz.id,
    });
    expect(JSON.stringify(page)).not.toMatch(KEY_MARKERS);
    const started = (await callRoute(
      startAction,
      post("/api/quiz-plays", { quizId: quiz.id, visitorId: "api-visitor" }),
    )) as Response;
    expect(started.status).toBe(201);
    const startedBody = await started.text();
    expect(startedBody).not.toMatch(KEY_MARKERS);
    const { playId } = JSON.parse(startedBody);
    const state = (await callRoute(
      stateLoader,
      new Request(`${BASE}/api/quiz-plays/${playId}?visitorId=api-visitor`),
      {
        playId,
      },
    )) as Response;
    expect(await state.text()).not.toMatch(KEY_MARKERS);

    const [first, second] = await getQuestionsWithKey(getDb(), quiz.id);
    assert(first && second);
    const answered = (await callRoute(
      answerAction,
      post(`/api/quiz-plays/${playId}/answers`, {
        visitorId: "api-visitor",
        questionId: first.id,
        optionId: first.options[0]!.id,
      }),
      { playId },
    )) as Response;
    const body = await answered.text();
    // The key of the answered question arrives, and nothing about the next one.
    expect(body).toContain(first.options.find((o) => o.isCorrect)?.id);
    for (const option of second.options) expect(body).not.toContain(option.id);
    const resumed = (await callRoute(
      stateLoader,
      new Request(`${BASE}/api/quiz-plays/${playId}?visitorId=api-visitor`),
      {
        playId,
      },
    )) as Response;
    const resumedBody = await resumed.text();
    for (const option of second.options) expect(resumedBody).not.toContain(option.id);
  });

  it("refuse votes on an inactive quiz and keep one vote per visitor id whatever its case", async () => {
    const db = getDb();
    const inactive = await insertQuiz(db, { questionCount: 1, isActive: false });
    const vote = (quizId: string, visitorId: string, v: "up" | "down") =>
      callRoute(voteAction, post(`/api/quizzes/${quizId}/vote`, { visitorId, vote: v }), { quizId });
    expect(await status(vote(inactive.id, "voter-1", "up"))).toBe(404);
    expect(await getQuizStats(db, inactive.id)).toMatchObject({ up: 0, down: 0 });
    const quiz = await insertQuiz(db, { questionCount: 1 });
    expect(await status(vote(quiz.id, "casevoter", "up"))).toBe(200);
    expect(await status(vote(quiz.id, "CASEVOTER", "up"))).toBe(200);
    expect(await getQuizStats(db, quiz.id)).toMatchObject({ up: 1, down: 0 });
  });

  it("answer bad input with 4xx JSON, never a 500", async () => {
    const quiz = await insertQuiz(getDb(), { questionCount: 1 });
    const inactive = await insertQuiz(getDb(), { questionCount: 1, isActive: false });
    expect(await status(callRoute(startAction, post("/api/quiz-plays", "{not json")))).toBe(400);
    expect(await status(callRoute(startAction, post("/api/quiz-plays", { quizId: quiz.id })))).toBe(400);
    expect(
      await status(callRoute(startAction, post("/api/quiz-plays", { quizId: "nope", visitorId: "v1" }))),
    ).toBe(404);
    expect(
      await status(callRoute(startAction, post("/api/quiz-plays", { quizId: inactive.id, visitorId: "v1" }))),
    ).toBe(404);
    expect(
      await status(
        callRoute(playLoader, new Request(`${BASE}/veckans-nutidsquiz/spela/${inactive.id}`), {
          id: inactive.id,
        }),
      ),
    ).toBe(404);
    expect(
      await status(
        callRoute(
          answerAction,
          post("/api/quiz-plays/x/answers", { visitorId: "v1", questionId: "a", optionId: "b" }),
          {
            playId: "x",
          },
        ),
      ),
    ).toBe(404);
    const unknownPlay = "00000000-0000-0000-0000-000000000000";
    expect(
      await status(
        callRoute(
          answerAction,
          post(`/api/quiz-plays/${unknownPlay}/answers`, {
            visitorId: "v1",
            questionId: unknownPlay,
            optionId: unknownPlay,
          }),
          { playId: unknownPlay },
        ),
      ),
    ).toBe(404);
    expect(
      await status(
        callRoute(stateLoader, new Request(`${BASE}/api/quiz-plays/${unknownPlay}`), { playId: unknownPlay }),
      ),
    ).toBe(404);
    expect(
      await status(
        callRoute(voteAction, post(`/api/quizzes/${quiz.id}/vote`, { visitorId: "v1", vote: "sideways" }), {
          quizId: quiz.id,
        }),
      ),
    ).toBe(400);
    expect(
      await status(
        callRoute(voteAction, post(`/api/quizzes/${quiz.id}/vote`, { visitorId: "v1", vote: "up" }), {
          quizId: quiz.id,
        }),
      ),
    ).toBe(200);
  });

  it("count each answer against the address's budget in its own statement, and store nothing over it", async () => {
    const db = getDb();
    const quiz = await insertQuiz(db, { questionCount: 2 });
    const [first, second] = await getQuestionsWithKey(db, quiz.id);
    assert(first && second);
    const started = (await callRoute(
      startAction,
      post("/api/quiz-plays", { quizId: quiz.id, visitorId: "budget-visitor" }),
    )) as Response;
    const { playId } = (await started.json()) as { playId: string };
    const answer = (questionId: string, optionId: string) =>
      callRoute(
        answerAction,
        new Request(`${BASE}/api/quiz-plays/${playId}/answers`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-quizkvall-client-ip": "203.0.113.77" },
          body: JSON.stringify({ visitorId: "budget-visitor", questionId, optionId }),
        }),
        { playId },
      ) as Promise<Response>;
    // The address has spent its whole minute's budget on other play requests.
    await db.execute(
      sql`insert into rate_limits (key, count, window_start)
          values ('quiz-play:203.0.113.77', 240, now())`,
    );
    const refused = await answer(first.id, first.options[0]!.id);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({ error: "För många förfrågningar. Försök igen om en stund." });
    const [stored] = await queryRows<{ n: number; answered: number }>(
      db,
      sql`select (select count(*) from quiz_answers where play_id = ${playId}::uuid)::int as n, answered
          from quiz_plays where id = ${playId}::uuid`,
    );
    expect(stored).toEqual({ n: 0, answered: 0 });
    // A new window: both answers are stored and counted, and the second finishes the play.
    await db.execute(sql`update rate_limits set window_start = now() - interval '2 minutes'`);
    expect((await answer(first.id, first.options[0]!.id)).status).toBe(200);
    const last = await answer(second.id, second.options[1]!.id);
    expect(last.status).toBe(200);
    expect(((await last.json()) as { result: { questionCount: number } | null }).result).toMatchObject({
      questionCount: 2,
    });
  });
});
