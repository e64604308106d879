import { readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, assert, beforeAll, describe, expect, it } from "vitest";
import { quizzes, user, userRoles } from "~/db/schema";
import { type GenerationEnv, generateDailyQuiz } from "~/features/quiz-generation/generate.server";
import { runWeeklyNutidsQuiz } from "~/features/quiz-generation/weekly.server";
import { handleEditorAction } from "~/features/quizzes/editor-actions.server";
import { nutidsQuizWeekFor } from "~/features/quizzes/public";
import { addQuestion } from "~/features/quizzes/question-mutations.server";
import { createQuizWithQuestions } from "~/features/quizzes/quiz-mutations.server";
import { findQuizRow } from "~/features/quizzes/quiz-queries.server";
import { getDb } from "~/lib/db.server";
import { loader as quizListLoader } from "~/routes/public/quiz-list";
import { mailsTo } from "../support/delivered-mail";
import { formData } from "../support/form-data";

const EMPTY_QUIZ_ERROR = "Ett quiz utan frågor kan inte vara aktivt. Lägg till minst en fråga först.";

const fixture = (name: string) => readFileSync(new URL(`../fixtures/news/${name}`, import.meta.url), "utf8");
const SUNDAY = new Date("2026-11-22T07:00:00Z");

let server: http.Server;
let env: GenerationEnv & { publicUrl: string };

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === "/inrikes.rss") res.end(fixture("inrikes.rss.xml"));
    else if (req.url === "/utrikes.atom") res.end(fixture("utrikes.atom.xml"));
    else {
      res.statusCode = 404;
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  env = {
    QUIZ_PROVIDER: "auto",
    QUIZ_AUTO_PUBLISH: false,
    LLM_BASE_URL: undefined,
    LLM_API_KEY: undefined,
    LLM_MODEL: "test-model",
    NEWS_FEEDS: [`${base}/inrikes.rss`, `${base}/utrikes.atom`],
    publicUrl: "https://quizkvall.example",
  };
  for (const [id, email, admin] of [
    ["u-admin-1", "redaktor@example.se", true],
    ["u-admin-2", "chef@example.se", true],
    ["u-player", "spelare@example.se", false],
  ] as const) {
    await getDb().insert(user).values({ id, name: id, email, emailVerified: true });
    if (admin) await getDb().insert(userRoles).values({ userId: id, role: "admin" });
  }
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe("the Sunday workflow", () => {
  it("drafts next week's 'NutidsQuiz vecka 48' on Sunday 22 November and mails every admin a link to review it", async () => {
    const { quizId, title, mailed } = await runWeeklyNutidsQuiz(getDb(), env, { now: SUNDAY });
    // Sunday 22 November 2026 ends ISO week 47; the quiz is played in the week that starts the next day.
    expect(title).toBe("NutidsQuiz vecka 48");
    expect(await findQuizRow(getDb(), quizId)).toMatchObject({ weekYear: 2026, week: 48, publishedAt: null });
    expect(mailed).toBe(2);
    expect((await findQuizRow(getDb(), quizId))?.isActive).toBe(false);
    for (const to of ["redaktor@example.se", "chef@example.se"]) {
      const [mail] = await mailsTo(to);
      assert(mail);
      const text = mail.text;
      expect(text).toContain("NutidsQuiz vecka 48 väntar på granskning");
      expect(text).toContain(`https://quizkvall.example/admin/quizzes/${quizId}/edit`);
    }
    expect(await mailsTo("spelare@example.se")).toEqual([]);
    // A second run the same day finds the draft and does not mail again.
    const again = await runWeeklyNutidsQuiz(getDb(), env, { now: new Date("2026-11-22T09:00:00Z") });
    expect(again).toEqual({ quizId, title, mailed: 0 });
    expect(await mailsTo("redaktor@example.se")).toHaveLength(1);
  });

  it("keeps one NutidsQuiz a week: 'Generera veckans NutidsQuiz' gets the week's draft, or its published quiz, back", async () => {
    const before = await getDb().select({ id: quizzes.id }).from(quizzes);
    const later = new Date("2026-11-22T15:30:00Z");
    const again = await generateDailyQuiz(getDb(), env, { now: later });
    expect(again).toMatchObject({ reused: true, isActive: false, title: "NutidsQuiz vecka 48" });
    // Published, it is still the week's quiz on Wednesday: no second "vecka 48" beside it.
    await getDb()
      .update(quizzes)
      .set({ isActive: true, publishedAt: later })
      .where(eq(quizzes.id, again.quizId));
    const wednesday = await generateDailyQuiz(getDb(), env, { now: new Date("2026-11-25T12:00:00Z") });
    expect(wednesday).toMatchObject({ reused: true, isActive: true, quizId: again.quizId });
    expect(await getDb().select({ id: quizzes.id }).from(quizzes)).toHaveLength(before.length);
  });

  it("publishes at once with QUIZ_AUTO_PUBLISH and mails nobody", async () => {
    const result = await runWeeklyNutidsQuiz(
      getDb(),
      { ...env, QUIZ_AUTO_PUBLISH: true },
      { now: new Date("2026-11-29T07:00:00Z") },
    );
    expect(result.mailed).toBe(0);
    expect((await findQuizRow(getDb(), result.quizId))?.isActive).toBe(true);
    expect(await mailsTo("redaktor@example.se")).toHaveLength(1);
  });
});

describe("a quiz without questions cannot be active", () => {
  const quizFields = {
    intent: "save-quiz",
    title: "Tomt quiz",
    category: "NutidsQuiz",
    difficulty: "medium",
  };

  it("refuses to create or activate an empty quiz, and to delete the last question of an active one", async () => {
    const created = await handleEditorAction(getDb(), formData({ ...quizFields, isActive: "on" }), null);
    expect(created).toMatchObject({ ok: false, formError: EMPTY_QUIZ_ERROR });
    expect(await getDb().select().from(quizzes).where(eq(quizzes.title, "Tomt quiz"))).toEqual([]);

    const draft = await handleEditorAction(getDb(), formData(quizFields), null);
    if (!draft.ok) throw new Error(draft.formError ?? "refused");
    const activate = await handleEditorAction(
      getDb(),
      formData({ ...quizFields, isActive: "on" }),
      draft.quizId,
    );
    expect(activate).toMatchObject({ ok: false, intent: "update-quiz", formError: EMPTY_QUIZ_ERROR });
    expect((await findQuizRow(getDb(), draft.quizId))?.isActive).toBe(false);

    const questionId = await addQuestion(getDb(), draft.quizId, {
      questionText: "Vilken färg har himlen?",
      options: ["Blå", "Grön", "Röd"],
      correct: 0,
    });
    const ok = await handleEditorAction(getDb(), formData({ ...quizFields, isActive: "on" }), draft.quizId);
    expect(ok.ok).toBe(true);
    const lastGone = await handleEditorAction(
      getDb(),
      formData({ intent: "delete-question", questionId }),
      draft.quizId,
    );
    expect(lastGone).toMatchObject({ ok: false, formError: EMPTY_QUIZ_ERROR });
  });

  it("features the published NutidsQuiz of this week with questions, never a draft or an empty one", async () => {
    // Weeks relative to the real clock, which the list page reads.
    const now = new Date();
    const thisWeek = nutidsQuizWeekFor(now);
    const oneQuestion = [
      {
        questionText: "Fråga?",
        options: [
          { text: "a", isCorrect: true },
          { text: "b", isCorrect: false },
          { text: "c", isCorrect: false },
        ],
      },
    ];
    const published = await createQuizWithQuestions(getDb(), {
      title: "NutidsQuiz publicerat",
      category: "NutidsQuiz",
      isActive: true,
      week: thisWeek,
      // Published last of this week's quizzes (the test above published one too): the one featured.
      createdAt: now,
      questions: oneQuestion,
    });
    await createQuizWithQuestions(getDb(), {
      title: "NutidsQuiz utkast",
      category: "NutidsQuiz",
      isActive: false,
      week: thisWeek,
      createdAt: now,
      questions: oneQuestion,
    });
    await createQuizWithQuestions(getDb(), {
      title: "NutidsQuiz tomt men aktivt sedan förr",
      category: "NutidsQuiz",
      isActive: true,
      week: thisWeek,
      createdAt: now,
    });
    const data = await quizListLoader({
      request: new Request("http://localhost/veckans-nutidsquiz"),
      params: {},
      context: {},
    } as Parameters<typeof quizListLoader>[0]);
    expect(data.featured?.id).toBe(published.id);
  });
});
