import fs from "node:fs";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { quizOptions, quizQuestions, quizzes } from "~/db/schema";
import { seedDemoNutidsQuizzes } from "~/demo/demo-news.server";
import { seedDemoContent } from "~/demo/seed.server";
import { parseFeed } from "~/features/quiz-generation/feed";
import { nutidsQuizWeekFor } from "~/features/quizzes/public";
import { getDb } from "~/lib/db.server";
import { getStorage } from "~/lib/storage.server";
import { fromStockholm, shiftIsoWeek } from "~/lib/time";

/** The demo seeds a NutidsQuiz for each of the last four weeks (demo-news.server.ts). */
const DEMO_NUTIDSQUIZ_WEEKS = 4;

const SEED_DIR = path.resolve("scripts/seed-data");
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
const HEADLINE_QUESTION = /^Vilket (?:ord|namn|tal) saknas i rubriken ”(.+)”\?$/;

/** The demo feed's items by link, read with the generator's own parser. */
async function demoNewsByLink() {
  const items = await parseFeed(fs.readFileSync(path.join(SEED_DIR, "demo-news.rss.xml"), "utf8"), "");
  return new Map(items.map((item) => [item.link, item]));
}

async function weeklyQuizzes() {
  const db = getDb();
  const rows = await db
    .select()
    .from(quizzes)
    .where(eq(quizzes.category, "NutidsQuiz"))
    .orderBy(asc(quizzes.createdAt));
  return Promise.all(
    rows.map(async (quiz) => {
      const questions = await db
        .select()
        .from(quizQuestions)
        .where(eq(quizQuestions.quizId, quiz.id))
        .orderBy(asc(quizQuestions.questionOrder));
      const withOptions = await Promise.all(
        questions.map(async (q) => ({
          ...q,
          options: await db
            .select()
            .from(quizOptions)
            .where(eq(quizOptions.questionId, q.id))
            .orderBy(asc(quizOptions.optionOrder)),
        })),
      );
      return { ...quiz, questions: withOptions };
    }),
  );
}

describe("the demo's NutidsQuiz weeks", () => {
  it("are drafted from the demo news: every question names its news item, with link, outlet and date", async () => {
    const now = new Date();
    await seedDemoContent(getDb(), getStorage(), now);
    const news = await demoNewsByLink();
    const weekly = await weeklyQuizzes();

    const thisWeek = nutidsQuizWeekFor(now);
    expect(weekly.map((q) => ({ weekYear: q.weekYear, week: q.week }))).toEqual(
      [3, 2, 1, 0].map((n) => shiftIsoWeek(thisWeek, -n)),
    );
    const links = new Set<string>();
    for (const quiz of weekly) {
      expect(quiz.isActive).toBe(true);
      expect(quiz.questions.length).toBeGreaterThanOrEqual(5);
      for (const question of quiz.questions) {
        const item = news.get(question.sourceUrl ?? "");
        expect(item, question.questionText).toBeDefined();
        expect(question.sourceUrl).toMatch(/^https:\/\/demonytt\.example\//);
        expect(question.sourceOutlet).toBe("Demonytt");
        expect(question.bankId).toBeNull();
        // The question is the item's headline with its right answer blanked out.
        const blanked = HEADLINE_QUESTION.exec(question.questionText)?.[1];
        const right = question.options.find((o) => o.isCorrect)?.optionText;
        expect(blanked?.replace("___", right ?? "")).toBe(item?.title);
        expect(question.options).toHaveLength(3);
        // Dated within the seven days before its week's quiz was made, so the dates follow the seed's now.
        const published = question.sourcePublishedAt?.getTime() ?? 0;
        expect(published).toBeLessThanOrEqual(quiz.createdAt.getTime());
        expect(published).toBeGreaterThan(quiz.createdAt.getTime() - WEEK_MS);
        links.add(question.sourceUrl ?? "");
      }
    }
    // Each news item is asked about once.
    expect(links.size).toBe(weekly.reduce((sum, q) => sum + q.questions.length, 0));
    // This week's quiz is a full one.
    expect(weekly.at(-1)?.questions).toHaveLength(10);
  });

  it("gives the same weeks on every seed, also when the weeks before span a change of daylight saving time", async () => {
    const db = getDb();
    // Sunday 8 November 2026, 00:30 in Stockholm: three weeks earlier the clocks were an hour ahead.
    const now = fromStockholm(2026, 11, 8, 0, 30);
    const seeded = [];
    for (let run = 0; run < 2; run++) {
      await db.delete(quizzes);
      expect(await seedDemoNutidsQuizzes(db, SEED_DIR, now)).toBe(DEMO_NUTIDSQUIZ_WEEKS);
      seeded.push(
        (await weeklyQuizzes()).map((q) => ({
          title: q.title,
          questions: q.questions.map((x) => ({
            text: x.questionText,
            source: x.sourceUrl,
            options: x.options.map((o) => [o.optionText, o.isCorrect]),
          })),
        })),
      );
    }
    expect(seeded[1]).toEqual(seeded[0]);
    expect(seeded[0]?.map((q) => q.title)).toEqual([
      "NutidsQuiz vecka 43",
      "NutidsQuiz vecka 44",
      "NutidsQuiz vecka 45",
      "NutidsQuiz vecka 46",
    ]);
  });
});
