import { readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { assert, describe, expect, it } from "vitest";
import { quizzes } from "~/db/schema";
import { type GenerationEnv, generateDailyQuiz } from "~/features/quiz-generation/generate.server";
import { handleEditorAction } from "~/features/quizzes/editor-actions.server";
import { addQuestion } from "~/features/quizzes/question-mutations.server";
import {
  findActiveQuizSummaryBySlug,
  findQuizRow,
  listActiveQuizzes,
} from "~/features/quizzes/quiz-queries.server";
import {
  findFeaturedWeeklyQuiz,
  findNextScheduledWeeklyQuiz,
  listWeeklyArchive,
} from "~/features/quizzes/weekly-quizzes.server";
import { getDb, queryRows } from "~/lib/db.server";
import type { IsoWeek } from "~/lib/time";
import { insertQuiz } from "../support/factories";
import { formData } from "../support/form-data";

const ARCHIVE_PAGE_SIZE = 20;

/**
 * The weekly rhythm at fixed dates in 2031 (so nothing else in this file's database is in the same weeks):
 * Wednesday 19 March 2031 is in ISO week 12.
 */
const WEDNESDAY = new Date("2031-03-19T12:00:00Z");
const week = (n: number, weekYear = 2031): IsoWeek => ({ weekYear, week: n });
const DAY = 24 * 60 * 60 * 1000;

function weekly(title: string, w: IsoWeek, publishedAt: Date | null, extra: { isActive?: boolean } = {}) {
  return insertQuiz(getDb(), {
    title,
    category: "NutidsQuiz",
    week: w,
    isActive: extra.isActive ?? true,
    createdAt: new Date(WEDNESDAY.getTime() - 30 * DAY),
    publishedAt,
    questionCount: 2,
  });
}

const bankEnv: GenerationEnv = {
  QUIZ_PROVIDER: "bank",
  QUIZ_AUTO_PUBLISH: false,
  LLM_BASE_URL: undefined,
  LLM_API_KEY: undefined,
  LLM_MODEL: "test-model",
  NEWS_FEEDS: [],
};

describe("the weekly job's draft carries the week it is played in", () => {
  it.each([
    // Sunday 08:00 in Stockholm: the draft is for the ISO week that starts the next day.
    ["2026-11-22T07:00:00Z", "NutidsQuiz vecka 48", 2026, 48],
    ["2026-12-27T07:00:00Z", "NutidsQuiz vecka 53", 2026, 53],
    ["2027-01-03T07:00:00Z", "NutidsQuiz vecka 1", 2027, 1],
    ["2020-12-27T07:00:00Z", "NutidsQuiz vecka 53", 2020, 53],
    // On a weekday (the admin's "Generera veckans NutidsQuiz") it is the current week.
    ["2026-11-25T11:00:00Z", "NutidsQuiz vecka 48", 2026, 48],
  ])("made at %s: %s (%i-W%i)", async (at, title, weekYear, weekNumber) => {
    const generated = await generateDailyQuiz(getDb(), bankEnv, { now: new Date(at) });
    expect(generated.title).toBe(title);
    expect(await findQuizRow(getDb(), generated.quizId)).toMatchObject({
      weekYear,
      week: weekNumber,
      isActive: false,
      publishedAt: null,
    });
  });
});

describe("Veckans NutidsQuiz and the archive", () => {
  it("features the quiz published for this week, or next week's once it is out; never merely the newest", async () => {
    const older = await weekly("Vecka 10", week(10), new Date(WEDNESDAY.getTime() - 10 * DAY));
    // Published after week 11's, but for an older week: never "Veckans" again.
    const latePublished = await weekly("Vecka 9 sent", week(9), new Date(WEDNESDAY.getTime() - DAY));
    expect(await findFeaturedWeeklyQuiz(getDb(), WEDNESDAY)).toBeNull();

    const current = await weekly("Vecka 12", week(12), new Date(WEDNESDAY.getTime() - 3 * DAY));
    await weekly("Vecka 12 utkast", week(12), null, { isActive: false });
    expect((await findFeaturedWeeklyQuiz(getDb(), WEDNESDAY))?.id).toBe(current.id);

    // Week 13's quiz is scheduled for Sunday 23 March 08:00: not before, featured from then on.
    const sunday = new Date("2031-03-23T07:00:00Z");
    const next = await weekly("Vecka 13", week(13), sunday);
    expect((await findFeaturedWeeklyQuiz(getDb(), new Date(sunday.getTime() - 60_000)))?.id).toBe(current.id);
    expect((await findFeaturedWeeklyQuiz(getDb(), sunday))?.id).toBe(next.id);
    expect(await findNextScheduledWeeklyQuiz(getDb(), WEDNESDAY)).toEqual(sunday);
    // Scheduled means unseen: not in the list, no page.
    expect((await listActiveQuizzes(getDb(), undefined, WEDNESDAY)).map((q) => q.id)).not.toContain(next.id);
    expect(await findActiveQuizSummaryBySlug(getDb(), next.titleSlug, WEDNESDAY)).toBeNull();
    expect((await findActiveQuizSummaryBySlug(getDb(), next.titleSlug, sunday))?.id).toBe(next.id);

    // The archive: every published week up to this one, newest week first, without the featured quiz.
    const archive = await listWeeklyArchive(getDb(), WEDNESDAY, 1, current.id);
    const titles = archive.quizzes.map((q) => q.title);
    expect(titles.slice(0, 2)).toEqual(["Vecka 10", "Vecka 9 sent"]);
    expect(titles).not.toContain("Vecka 12");
    expect(titles).not.toContain("Vecka 12 utkast");
    expect(titles).not.toContain("Vecka 13");
    expect(archive.quizzes[0]).toMatchObject({ id: older.id, week: week(10) });
    expect(archive.quizzes[1]?.id).toBe(latePublished.id);
  });

  it("pages the archive, twenty weeks a page", async () => {
    // 45 more published weeks of 2030 (52 weeks), all before March 2031.
    for (let n = 1; n <= 45; n++) {
      await weekly(`Arkivvecka ${n}`, week(n, 2030), new Date(WEDNESDAY.getTime() - 200 * DAY));
    }
    const first = await listWeeklyArchive(getDb(), WEDNESDAY, 1, null);
    expect(first.quizzes).toHaveLength(ARCHIVE_PAGE_SIZE);
    expect(first.total).toBeGreaterThanOrEqual(48);
    expect(first.pages).toBe(Math.ceil(first.total / ARCHIVE_PAGE_SIZE));
    const last = await listWeeklyArchive(getDb(), WEDNESDAY, first.pages, null);
    expect(last.quizzes.length).toBeGreaterThan(0);
    expect(last.quizzes.at(-1)?.title).toBe("Arkivvecka 1");
    const seen = new Set<string>();
    for (let page = 1; page <= first.pages; page++) {
      for (const quiz of (await listWeeklyArchive(getDb(), WEDNESDAY, page, null)).quizzes) seen.add(quiz.id);
    }
    expect(seen.size).toBe(first.total);
  });
});

describe("the editor's week and publication time", () => {
  const fields = {
    intent: "save-quiz",
    title: "Redigerad vecka",
    category: "NutidsQuiz",
    difficulty: "medium",
  };

  it("stores the chosen week and time, and refuses a week the year does not have", async () => {
    const created = await handleEditorAction(
      getDb(),
      formData({ ...fields, week: "2031-W20", publishedAt: "2031-05-11T08:00" }),
      null,
    );
    assert(created.ok);
    expect(await findQuizRow(getDb(), created.quizId)).toMatchObject({
      weekYear: 2031,
      week: 20,
      publishedAt: new Date("2031-05-11T06:00:00Z"),
    });
    const refused = await handleEditorAction(
      getDb(),
      formData({ ...fields, week: "2031-W53" }),
      created.quizId,
    );
    expect(refused).toMatchObject({
      ok: false,
      fieldErrors: { week: "Ange veckan som år och vecka, till exempel 2026-W48" },
    });
    const badTime = await handleEditorAction(
      getDb(),
      formData({ ...fields, publishedAt: "2031-02-30T08:00" }),
      created.quizId,
    );
    expect(badTime).toMatchObject({
      ok: false,
      fieldErrors: { publishedAt: "Ange publiceringstiden som datum och klockslag" },
    });
    expect(await findQuizRow(getDb(), created.quizId)).toMatchObject({ week: 20 });
  });

  it("publishes at activation when no time was chosen, and gives other categories no week", async () => {
    const created = await handleEditorAction(getDb(), formData({ ...fields, category: "KulturQuiz" }), null);
    assert(created.ok);
    const quiz = await findQuizRow(getDb(), created.quizId);
    expect(quiz).toMatchObject({ weekYear: null, week: null, publishedAt: null });
    await addQuestion(getDb(), created.quizId, {
      questionText: "Vad?",
      options: ["a", "b", "c"],
      correct: 0,
    });
    const before = Date.now();
    const activated = await handleEditorAction(
      getDb(),
      formData({ ...fields, category: "KulturQuiz", week: "2031-W20", isActive: "on" }),
      created.quizId,
    );
    assert(activated.ok);
    const row = await findQuizRow(getDb(), created.quizId);
    expect(row).toMatchObject({ isActive: true, weekYear: null, week: null });
    expect(row?.publishedAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });
});

// Last in the file: the backfill rewrites every NutidsQuiz's week and every active quiz's publication time.
describe("the migration's backfill", () => {
  it("gives an existing NutidsQuiz the week it was played in and an active quiz its publication time", async () => {
    const sunday = await insertQuiz(getDb(), {
      title: "Gammal söndagsdraft",
      category: "NutidsQuiz",
      createdAt: new Date("2026-11-22T07:00:00Z"),
    });
    const wednesday = await insertQuiz(getDb(), {
      title: "Gammalt onsdagsquiz",
      category: "NutidsQuiz",
      createdAt: new Date("2026-11-25T12:00:00Z"),
    });
    const newYear = await insertQuiz(getDb(), {
      title: "Gammalt nyårsquiz",
      category: "NutidsQuiz",
      createdAt: new Date("2026-12-31T22:30:00Z"),
    });
    const ids = [sunday.id, wednesday.id, newYear.id];
    // As the rows were before the migration: no week, no publication time.
    for (const id of ids) {
      await getDb()
        .update(quizzes)
        .set({ weekYear: null, week: null, publishedAt: null })
        .where(eq(quizzes.id, id));
    }
    const backfill = readFileSync(
      new URL("../../drizzle/hand-written/0011-nutidsquiz-weeks-backfill.sql", import.meta.url),
      "utf8",
    );
    for (const statement of backfill.split("--> statement-breakpoint").filter((s) => s.trim())) {
      await queryRows(getDb(), sql.raw(statement));
    }
    const rows = await Promise.all(ids.map((id) => findQuizRow(getDb(), id)));
    expect(rows.map((r) => [r?.weekYear, r?.week])).toEqual([
      [2026, 48],
      [2026, 48],
      [2026, 53],
    ]);
    expect(rows[1]?.publishedAt).toEqual(new Date("2026-11-25T12:00:00Z"));
  });
});
