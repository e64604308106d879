import { describe, expect, it } from "vitest";
import { readChallenge } from "~/features/play/challenge.server";
import { startPlay } from "~/features/play/start-play.server";
import { getQuestionsWithKey } from "~/features/quizzes/quiz-queries.server";
import { getDb } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { action as challengeAction } from "~/routes/api/quiz-plays/challenge";
import { answerQuestion } from "../support/answers";
import { callRoute } from "../support/call-route";
import { insertQuiz } from "../support/factories";

/** A finished play of `visitorId` with the first `correct` answers right. */
async function finishedPlay(quizId: string, visitorId: string, correct: number) {
  const db = getDb();
  const { playId } = await startPlay(db, quizId, visitorId, { preview: false });
  for (const [index, question] of (await getQuestionsWithKey(db, quizId)).entries()) {
    const option = question.options.find((o) => o.isCorrect === index < correct);
    await answerQuestion(db, { playId, visitorId, questionId: question.id, optionId: option!.id });
  }
  return playId;
}

function ask(playId: string, body: unknown) {
  const origin = getEnv().publicUrl;
  return callRoute(
    challengeAction,
    new Request(`${origin}/api/quiz-plays/${playId}/challenge`, {
      method: "POST",
      headers: { "content-type": "application/json", origin, "x-quizkvall-client-ip": "203.0.113.61" },
      body: JSON.stringify(body),
    }),
    { playId },
  );
}

describe("Utmana en vän", () => {
  it("makes a link from the visitor's own finished play that carries the score and the name, for that quiz only", async () => {
    const db = getDb();
    const quiz = await insertQuiz(db, { questionCount: 3 });
    const other = await insertQuiz(db, { questionCount: 3 });
    const playId = await finishedPlay(quiz.id, "utmanare-1", 2);
    const answer = await ask(playId, { visitorId: "utmanare-1", name: " Anna " });
    expect(answer.status).toBe(200);
    const { url } = (await answer.json()) as { url: string };
    const link = new URL(url);
    expect(link.pathname).toBe(`/veckans-nutidsquiz/${quiz.titleSlug}`);
    const code = link.searchParams.get("utmaning");
    expect(readChallenge(code, quiz.id)).toEqual({ name: "Anna", score: 2, total: 3 });
    // The code holds nothing of the play: no id, no answers.
    expect(Buffer.from(code!.split(".")[0]!, "base64url").toString()).not.toContain(playId);
    expect(readChallenge(code, other.id)).toBeNull();
    // A changed score or name breaks the signature.
    const [payload, signature] = code!.split(".");
    const forged = Buffer.from(Buffer.from(payload!, "base64url").toString().replace(",2,", ",3,")).toString(
      "base64url",
    );
    expect(readChallenge(`${forged}.${signature}`, quiz.id)).toBeNull();
    expect(readChallenge("inte-en-kod", quiz.id)).toBeNull();
    expect(readChallenge(null, quiz.id)).toBeNull();
  });

  it("is refused for another visitor's play, an unfinished one, and a name with control characters or over 30", async () => {
    const quiz = await insertQuiz(getDb(), { questionCount: 2 });
    const playId = await finishedPlay(quiz.id, "utmanare-2", 1);
    const strangers = await ask(playId, { visitorId: "nagon-annan", name: "" });
    expect(strangers.status).toBe(404);
    expect(await strangers.json()).toEqual({ error: "Spelet hittades inte" });
    const { playId: unfinished } = await startPlay(getDb(), quiz.id, "utmanare-3", { preview: false });
    expect((await ask(unfinished, { visitorId: "utmanare-3" })).status).toBe(404);
    const long = await ask(playId, { visitorId: "utmanare-2", name: "x".repeat(31) });
    expect(long.status).toBe(400);
    expect(((await long.json()) as { error: string }).error).toBe("Namnet får vara högst 30 tecken.");
    const control = await ask(playId, { visitorId: "utmanare-2", name: "Anna\u0007" });
    expect(control.status).toBe(400);
  });
});
