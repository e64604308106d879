import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { events, quizQuestions, quizzes } from "~/db/schema";
import { isDatabaseEmpty, seedDemoContent } from "~/demo/seed.server";
import { nutidsQuizWeekFor } from "~/features/quizzes/public";
import { getDb } from "~/lib/db.server";
import { getStorage } from "~/lib/storage.server";
import { isNewEvent, shiftIsoWeek, WEEKDAYS, weekdayOf } from "~/lib/time";

describe("demo content", () => {
  it("seeds plausible listings across every city and weekday, and playable quizzes", async () => {
    const db = getDb();
    expect(await isDatabaseEmpty(db)).toBe(true);
    const now = new Date();
    await seedDemoContent(db, getStorage(), now);
    expect(await isDatabaseEmpty(db)).toBe(false);

    const rows = await db.select().from(events);
    expect(rows.length).toBeGreaterThanOrEqual(60);
    for (const city of ["Göteborg", "Stockholm", "Malmö"]) {
      const days = new Set(rows.filter((r) => r.city === city).map((r) => weekdayOf(r.startTime)));
      expect([...days].sort()).toEqual([...WEEKDAYS].sort());
    }
    expect(rows.filter((r) => (r.schedules?.length ?? 0) > 1).length).toBeGreaterThan(0);
    expect(rows.filter((r) => r.tags.includes("MusikQuiz")).length).toBeGreaterThan(0);
    expect(rows.filter((r) => isNewEvent(r.createdAt, now)).length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.imageUrl).toMatch(/^\/images\/event-images\/demo-pub-\d+\.jpg$/);
      const key = decodeURIComponent(row.imageUrl!.split("/").pop()!);
      expect(await getStorage().get("event-images", key)).not.toBeNull();
    }

    const active = await db.select().from(quizzes).where(eq(quizzes.isActive, true));
    expect(active.length).toBeGreaterThanOrEqual(2);
    expect(active.some((q) => q.category === "NutidsQuiz")).toBe(true);
    for (const quiz of active) {
      const questions = await db.select().from(quizQuestions).where(eq(quizQuestions.quizId, quiz.id));
      expect(questions.length).toBeGreaterThanOrEqual(5);
    }
    // The weekly quizzes: this week's and the three before it, each titled by its week, for the archive.
    const thisWeek = nutidsQuizWeekFor(now);
    const weekly = active
      .filter((q) => q.category === "NutidsQuiz")
      .sort((a, b) => (b.weekYear ?? 0) * 100 + (b.week ?? 0) - ((a.weekYear ?? 0) * 100 + (a.week ?? 0)));
    expect(weekly.map((q) => ({ weekYear: q.weekYear, week: q.week }))).toEqual(
      [0, 1, 2, 3].map((n) => shiftIsoWeek(thisWeek, -n)),
    );
    expect(weekly.map((q) => q.title)).toEqual(weekly.map((q) => `NutidsQuiz vecka ${q.week}`));
    expect(weekly.every((q) => q.publishedAt !== null && q.publishedAt <= now)).toBe(true);
  });
});
