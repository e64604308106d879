import { readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { count, eq } from "drizzle-orm";
import { afterAll, assert, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { quizQuestions, quizzes } from "~/db/schema";
import { runClaimed } from "~/features/jobs/job-runner.server";
import { type GenerationEnv, generateDailyQuiz } from "~/features/quiz-generation/generate.server";
import { QuizGenerationError } from "~/features/quiz-generation/provider";
import bank from "~/features/quiz-generation/question-bank.json";
import { createQuizWithQuestions } from "~/features/quizzes/quiz-mutations.server";
import { getQuestionsWithKey } from "~/features/quizzes/quiz-queries.server";
import { getDb, onlyRow } from "~/lib/db.server";

/** A bank question is not asked again in the next twelve quizzes (bank-provider.server.ts). */
const BANK_NO_REPEAT_QUIZZES = 12;

const fixture = (name: string) => readFileSync(new URL(`../fixtures/news/${name}`, import.meta.url), "utf8");
/** Sunday 22 November 2026, 08:00 in Stockholm: the slot of the weekly job (the last day of ISO week 47). */
const SUNDAY = new Date("2026-11-22T07:00:00Z");

const bankEnv: GenerationEnv = {
  QUIZ_PROVIDER: "auto",
  QUIZ_AUTO_PUBLISH: false,
  LLM_BASE_URL: undefined,
  LLM_API_KEY: undefined,
  LLM_MODEL: "test-model",
  NEWS_FEEDS: [],
};

async function quizCount() {
  const { n } = onlyRow(await getDb().select({ n: count() }).from(quizzes));
  return Number(n);
}

/** A loopback server with the recorded feeds and a chat-completions endpoint answering `modelResponse`. */
let server: http.Server;
let baseUrl = "";
let modelResponse = "";
const requests: { body: unknown; auth?: string }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      if (req.url === "/inrikes.rss") {
        res.setHeader("content-type", "application/rss+xml; charset=utf-8");
        res.end(fixture("inrikes.rss.xml"));
      } else if (req.url === "/utrikes.atom") {
        res.setHeader("content-type", "application/atom+xml; charset=utf-8");
        res.end(fixture("utrikes.atom.xml"));
      } else if (req.url === "/trasig.xml") {
        res.end("<rss><channel><item><title>Trasig");
      } else if (req.url === "/v1/chat/completions" && req.method === "POST") {
        requests.push({ body: JSON.parse(body), auth: req.headers.authorization });
        res.setHeader("content-type", "application/json");
        res.end(modelResponse);
      } else {
        res.statusCode = 404;
        res.end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

// A week has one NutidsQuiz (a second generation answers the first): each test starts without any.
beforeEach(async () => {
  await getDb().delete(quizzes).where(eq(quizzes.category, "NutidsQuiz"));
});

const newsEnv = (): GenerationEnv => ({
  ...bankEnv,
  NEWS_FEEDS: [`${baseUrl}/inrikes.rss`, `${baseUrl}/trasig.xml`, `${baseUrl}/utrikes.atom`],
});

describe("headline questions from recorded RSS and Atom feeds (no language model)", () => {
  it("drafts next week's 'NutidsQuiz vecka 48' of ten headline questions with sources from the last seven days", async () => {
    const { quizId, title, generatedBy } = await generateDailyQuiz(getDb(), newsEnv(), { now: SUNDAY });
    expect(generatedBy).toBe("headlines");
    expect(title).toBe("NutidsQuiz vecka 48");
    const [quiz] = await getDb().select().from(quizzes).where(eq(quizzes.id, quizId));
    expect(quiz).toMatchObject({ category: "NutidsQuiz", isActive: false });
    const questions = await getQuestionsWithKey(getDb(), quizId);
    expect(questions).toHaveLength(10);
    const rss = fixture("inrikes.rss.xml");
    const atom = fixture("utrikes.atom.xml");
    for (const q of questions) {
      expect(q.questionText).toMatch(/^Vilket (ord|namn|tal) saknas i rubriken ”.*___.*”\?$/);
      expect(q.options).toHaveLength(3);
      expect(new Set(q.options.map((o) => o.optionText.toLowerCase())).size).toBe(3);
      const correct = q.options.filter((o) => o.isCorrect);
      expect(correct).toHaveLength(1);
      // The source is a real item of the week: link, outlet and date, and the answer is in its headline.
      expect(q.sourceUrl).toMatch(/^https:\/\/(inrikesbladet|varldsnytt)\.example\//);
      expect(q.sourceOutlet).toBe(q.sourceUrl?.includes("inrikesbladet") ? "Inrikesbladet" : "Världsnytt");
      const published = new Date(q.sourcePublishedAt ?? 0).getTime();
      expect(published).toBeGreaterThanOrEqual(SUNDAY.getTime() - 7 * 24 * 3600 * 1000);
      expect(published).toBeLessThanOrEqual(SUNDAY.getTime());
      const feed = q.sourceUrl?.includes("inrikesbladet") ? rss : atom;
      const itemXml = feed.slice(0, feed.indexOf(q.sourceUrl ?? "-"));
      const headline = itemXml.slice(itemXml.lastIndexOf("<title"));
      expect(headline).toContain(correct[0]!.optionText);
      expect(q.questionText).toContain(
        headline
          .replace(/<title[^>]*>(<!\[CDATA\[)?/, "")
          .split(correct[0]!.optionText)[0]!
          .replace("&", "&"),
      );
    }
    const links = questions.map((q) => q.sourceUrl ?? "");
    expect(new Set(links).size).toBe(10);
    // Older than a week, undated, and the same headline in the other feed: never used.
    expect(links.some((l) => /visby|kalmar|riksbanken-kopia/.test(l))).toBe(false);
    const positions = questions.map((q) => q.options.findIndex((o) => o.isCorrect));
    for (const p of [0, 1, 2]) expect(positions.filter((x) => x === p).length).toBeGreaterThanOrEqual(3);
  });

  it("publishes at once with QUIZ_AUTO_PUBLISH", async () => {
    const { quizId } = await generateDailyQuiz(
      getDb(),
      { ...newsEnv(), QUIZ_AUTO_PUBLISH: true },
      { now: new Date("2026-11-21T12:00:00Z") },
    );
    const [quiz] = await getDb().select().from(quizzes).where(eq(quizzes.id, quizId));
    assert(quiz);
    expect(quiz.isActive).toBe(true);
  });
});

describe("question bank (only when the feeds give no usable items)", () => {
  it("draws from the bank when no feed can be read, never repeating a question of the last twelve quizzes", async () => {
    const env = { ...bankEnv, NEWS_FEEDS: [`${baseUrl}/missing.xml`] };
    const texts: Set<string>[] = [];
    for (let i = 0; i < BANK_NO_REPEAT_QUIZZES + 4; i++) {
      const { quizId, generatedBy } = await generateDailyQuiz(getDb(), env, {
        now: new Date(Date.UTC(2027, 0, 1 + 7 * i)),
      });
      expect(generatedBy).toBe("bank");
      const questions = await getQuestionsWithKey(getDb(), quizId);
      expect(questions).toHaveLength(10);
      for (const q of questions) expect(q.sourceUrl).toBeNull();
      const mine = new Set(questions.map((q) => q.questionText));
      for (const earlier of texts.slice(-BANK_NO_REPEAT_QUIZZES))
        for (const text of mine) expect(earlier.has(text)).toBe(false);
      texts.push(mine);
    }
  });

  it("says so when every bank question was used in the last twelve quizzes, and saves nothing", async () => {
    const entries = bank as { question: string; options: string[]; correct: number }[];
    const per = Math.ceil(entries.length / BANK_NO_REPEAT_QUIZZES);
    for (let i = 0; i < BANK_NO_REPEAT_QUIZZES; i++) {
      await createQuizWithQuestions(getDb(), {
        title: `Handskrivet ${i}`,
        category: "AllmänQuiz",
        createdAt: new Date(Date.UTC(2027, 5, 1 + i)),
        questions: entries.slice(i * per, (i + 1) * per).map((e) => ({
          questionText: e.question,
          options: e.options.map((text, index) => ({ text, isCorrect: index === e.correct })),
        })),
      });
    }
    const before = await quizCount();
    const error = await generateDailyQuiz(getDb(), bankEnv).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(QuizGenerationError);
    expect((error as Error).message).toMatch(/Frågebanken räcker inte.*12 senaste quizzen/);
    expect(await quizCount()).toBe(before);
  });

  it("runs the Sunday job once per slot", async () => {
    const before = await quizCount();
    const slot = "2026-11-29T07:00:00.000Z";
    const outcomes = await Promise.all(
      [1, 2, 3].map(() =>
        runClaimed(getDb(), "nutidsquiz-weekly", slot, () =>
          generateDailyQuiz(getDb(), newsEnv(), { now: new Date("2026-11-23T06:00:00Z") }),
        ),
      ),
    );
    expect(outcomes.filter((o) => o.claimed)).toHaveLength(1);
    expect(await quizCount()).toBe(before + 1);
  });
});

describe("language model against a local chat-completions endpoint with recorded responses", () => {
  const recorded = JSON.parse(fixture("chat-completion.json"));
  const links: string[] = JSON.parse(recorded.choices[0].message.content).questions.map(
    (q: { source: string }) => q.source,
  );
  const answer = (content: string) =>
    JSON.stringify({
      ...recorded,
      choices: [{ ...recorded.choices[0], message: { role: "assistant", content } }],
    });

  // Saturday evening, a day without a draft, and published at once: no run is answered with an earlier draft.
  const LLM_DAY = new Date("2026-11-21T20:00:00Z");
  const llmEnv = (): GenerationEnv => ({
    ...newsEnv(),
    QUIZ_AUTO_PUBLISH: true,
    LLM_BASE_URL: `${baseUrl}/v1`,
    LLM_API_KEY: "test-key",
  });

  const goodQuestions = () =>
    links.map((link, i) => ({
      question: `Vad hände i nyhet nummer ${i + 1}?`,
      options: [`Svar ${i}a`, `Svar ${i}b`, `Svar ${i}c`],
      correct: 0,
      source: link,
    }));

  it("sends the week's items and stores the validated questions with the item each is based on", async () => {
    modelResponse = fixture("chat-completion.json");
    const { quizId, title, generatedBy } = await generateDailyQuiz(getDb(), llmEnv(), { now: LLM_DAY });
    expect(generatedBy).toBe("llm");
    // Made on a Saturday: the quiz of the week it is made in.
    expect(title).toBe("NutidsQuiz vecka 47");
    const request = requests.at(-1);
    expect(request?.auth).toBe("Bearer test-key");
    const prompt = JSON.stringify(request?.body);
    expect(prompt).toContain("Snöovädret stoppar tågen mellan Umeå & Luleå (Inrikesbladet, 2026-11-21)");
    expect(prompt).toContain("Japan skickar ny rymdsond mot Mars (Världsnytt, 2026-11-17)");
    expect(prompt).not.toContain("Visby");
    const questions = await getQuestionsWithKey(getDb(), quizId);
    expect(questions).toHaveLength(10);
    expect(questions.map((q) => q.sourceUrl)).toEqual(links);
    expect(questions[0]).toMatchObject({
      questionText: "Vilken styrränta satte Riksbanken den här veckan?",
      sourceOutlet: "Inrikesbladet",
      sourcePublishedAt: "2026-11-19T08:30:00.000Z",
    });
    expect(questions[9]).toMatchObject({
      sourceOutlet: "Världsnytt",
      sourcePublishedAt: "2026-11-17T03:00:00.000Z",
    });
    const expected = JSON.parse(recorded.choices[0].message.content).questions;
    for (const [i, q] of questions.entries()) {
      expect(q.options.find((o) => o.isCorrect)?.optionText).toBe(expected[i].options[0]);
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
    modelResponse = answer(content());
    const before = await quizCount();
    const { n: questionsBefore } = onlyRow(await getDb().select({ n: count() }).from(quizQuestions));
    const error = await generateDailyQuiz(getDb(), llmEnv(), { now: LLM_DAY }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(QuizGenerationError);
    expect((error as Error).message).toMatch(message);
    expect(await quizCount()).toBe(before);
    const { n: questionsAfter } = onlyRow(await getDb().select({ n: count() }).from(quizQuestions));
    expect(questionsAfter).toBe(questionsBefore);
  });

  it("says so when no feed can be read", async () => {
    const error = await generateDailyQuiz(
      getDb(),
      { ...llmEnv(), NEWS_FEEDS: [`${baseUrl}/missing.xml`] },
      { now: LLM_DAY },
    ).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/Inga nyhetsrubriker/);
  });
});
