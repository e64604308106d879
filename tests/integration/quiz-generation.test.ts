import http from "node:http";
import type { AddressInfo } from "node:net";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { quizQuestions, quizzes } from "~/db/schema";
import { runClaimed } from "~/features/jobs/job-runner.server";
import { type GenerationEnv, generateDailyQuiz } from "~/features/quiz-generation/generate.server";
import { QuizGenerationError } from "~/features/quiz-generation/provider";
import { getQuestionsWithKey } from "~/features/quizzes/quizzes.server";
import { getDb } from "~/lib/db.server";

const bankEnv: GenerationEnv = {
  QUIZ_PROVIDER: "bank",
  QUIZ_AUTO_PUBLISH: false,
  LLM_BASE_URL: undefined,
  LLM_API_KEY: undefined,
  LLM_MODEL: "test-model",
  NEWS_FEEDS: [],
};

async function quizCount() {
  const [{ n }] = await getDb().select({ n: count() }).from(quizzes);
  return Number(n);
}

describe("bank provider", () => {
  it("creates an inactive NutidsQuiz of ten unused bank questions with correct answers spread over A/B/C", async () => {
    const { title, quizId } = await generateDailyQuiz(getDb(), bankEnv, {
      now: new Date("2026-11-22T07:00:00Z"),
    });
    expect(title).toBe("NutidsQuiz 22 november 2026");
    const [quiz] = await getDb().select().from(quizzes).where(eq(quizzes.id, quizId));
    expect(quiz).toMatchObject({ category: "NutidsQuiz", isActive: false });
    const questions = await getQuestionsWithKey(getDb(), quizId);
    expect(questions).toHaveLength(10);
    const positions = questions.map((q) => q.options.findIndex((o) => o.isCorrect));
    for (const p of [0, 1, 2]) expect(positions.filter((x) => x === p).length).toBeGreaterThanOrEqual(3);
    for (const q of questions) expect(q.options.filter((o) => o.isCorrect)).toHaveLength(1);
    const second = await generateDailyQuiz(getDb(), { ...bankEnv, QUIZ_AUTO_PUBLISH: true });
    const secondQuestions = await getQuestionsWithKey(getDb(), second.quizId);
    const firstTexts = new Set(questions.map((q) => q.questionText));
    expect(secondQuestions.some((q) => firstTexts.has(q.questionText))).toBe(false);
    const [published] = await getDb().select().from(quizzes).where(eq(quizzes.id, second.quizId));
    expect(published.isActive).toBe(true);
    expect(second.title).toBe(published.title);
    expect(published.titleSlug).not.toBe(quiz.titleSlug);
  });

  it("keeps generating from earlier quizzes once the bank is used up", async () => {
    for (let i = 0; i < 22; i++) await generateDailyQuiz(getDb(), bankEnv);
    const { quizId } = await generateDailyQuiz(getDb(), bankEnv);
    expect(await getQuestionsWithKey(getDb(), quizId)).toHaveLength(10);
  });

  it("runs the Sunday job once per slot", async () => {
    const before = await quizCount();
    const slot = "2026-11-29T07:00:00.000Z";
    const outcomes = await Promise.all(
      [1, 2, 3].map(() =>
        runClaimed(getDb(), "nutidsquiz-weekly", slot, () => generateDailyQuiz(getDb(), bankEnv)),
      ),
    );
    expect(outcomes.filter((o) => o.claimed)).toHaveLength(1);
    expect(await quizCount()).toBe(before + 1);
  });
});

describe("llm provider against a local OpenAI-compatible server and RSS feed", () => {
  let server: http.Server;
  let baseUrl = "";
  let modelContent = "";
  const requests: { url?: string; body: unknown; auth?: string }[] = [];
  const links = Array.from({ length: 10 }, (_, i) => `http://127.0.0.1/nyhet/${i + 1}`);

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => {
        body += chunk;
      });
      req.on("end", () => {
        if (req.url === "/feed.xml") {
          res.setHeader("content-type", "application/rss+xml");
          res.end(
            `<?xml version="1.0"?><rss><channel><title>Nyheter</title>${links
              .map(
                (link, i) =>
                  `<item><title>Nyhet nummer ${i + 1} &amp; mer</title><link>${link}</link></item>`,
              )
              .join("")}</channel></rss>`,
          );
          return;
        }
        if (req.url === "/v1/chat/completions" && req.method === "POST") {
          requests.push({ url: req.url, body: JSON.parse(body), auth: req.headers.authorization });
          res.setHeader("content-type", "application/json");
          res.end(JSON.stringify({ choices: [{ message: { role: "assistant", content: modelContent } }] }));
          return;
        }
        res.statusCode = 404;
        res.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  const llmEnv = (): GenerationEnv => ({
    ...bankEnv,
    QUIZ_PROVIDER: "llm",
    LLM_BASE_URL: `${baseUrl}/v1`,
    LLM_API_KEY: "test-key",
    NEWS_FEEDS: [`${baseUrl}/feed.xml`],
  });

  const goodQuestions = () =>
    links.map((link, i) => ({
      question: `Vad hände i nyhet nummer ${i + 1}?`,
      options: [`Svar ${i}a`, `Svar ${i}b`, `Svar ${i}c`],
      correct: 0,
      source: link,
    }));

  it("turns headlines into a validated quiz whose questions keep their source links", async () => {
    modelContent = JSON.stringify({ questions: goodQuestions() });
    const { quizId, title } = await generateDailyQuiz(getDb(), llmEnv());
    expect(title).toMatch(/^NutidsQuiz /);
    const request = requests.at(-1);
    expect(request?.auth).toBe("Bearer test-key");
    expect(JSON.stringify(request?.body)).toContain("Nyhet nummer 3 & mer");
    const questions = await getQuestionsWithKey(getDb(), quizId);
    expect(questions).toHaveLength(10);
    expect(questions.map((q) => q.sourceUrl)).toEqual(links);
    for (const [i, q] of questions.entries()) {
      expect(q.options.find((o) => o.isCorrect)?.optionText).toBe(`Svar ${i}a`);
    }
    const positions = questions.map((q) => q.options.findIndex((o) => o.isCorrect));
    expect(new Set(positions).size).toBe(3);
  });

  const malformed: [string, () => string, RegExp][] = [
    ["text that is not JSON", () => "Här är ditt quiz!", /inte giltig JSON/],
    [
      "two options",
      () =>
        JSON.stringify({ questions: goodQuestions().map((q) => ({ ...q, options: q.options.slice(0, 2) })) }),
      /fel format/,
    ],
    [
      "a correct index out of range",
      () => JSON.stringify({ questions: goodQuestions().map((q) => ({ ...q, correct: 3 })) }),
      /fel format/,
    ],
    [
      "repeated options",
      () => JSON.stringify({ questions: goodQuestions().map((q) => ({ ...q, options: ["a", "a", "b"] })) }),
      /tre olika/,
    ],
    [
      "duplicate questions",
      () => JSON.stringify({ questions: goodQuestions().map((q) => ({ ...q, question: "Samma fråga?" })) }),
      /två gånger/,
    ],
    [
      "an invented source",
      () =>
        JSON.stringify({
          questions: goodQuestions().map((q) => ({ ...q, source: "https://example.com/x" })),
        }),
      /källa/,
    ],
    ["too few questions", () => JSON.stringify({ questions: goodQuestions().slice(0, 4) }), /10 behövs/],
  ];

  it.each(malformed)("refuses %s with a clear message and saves nothing", async (_name, content, message) => {
    modelContent = content();
    const before = await quizCount();
    const [{ n: questionsBefore }] = await getDb().select({ n: count() }).from(quizQuestions);
    const error = await generateDailyQuiz(getDb(), llmEnv()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(QuizGenerationError);
    expect((error as Error).message).toMatch(message);
    expect(await quizCount()).toBe(before);
    const [{ n: questionsAfter }] = await getDb().select({ n: count() }).from(quizQuestions);
    expect(questionsAfter).toBe(questionsBefore);
  });

  it("says so when no feed can be read", async () => {
    const error = await generateDailyQuiz(getDb(), {
      ...llmEnv(),
      NEWS_FEEDS: [`${baseUrl}/missing.xml`],
    }).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/Inga nyhetsrubriker/);
  });
});
