import fs from "node:fs";
import { eq, sql } from "drizzle-orm";
import { assert, describe, expect, it } from "vitest";
import { events, quizQuestions, quizzes, reports, user } from "~/db/schema";
import { isDatabaseEmpty, seedDemoContent, seedOnRequest } from "~/demo/seed.server";
import { ensureFirstAdmin } from "~/features/auth/first-admin.server";
import { saveUploadedImage } from "~/features/images/upload.server";
import { nutidsQuizWeekFor } from "~/features/quizzes/public";
import { getDb } from "~/lib/db.server";
import { getStorage, parseImageUrl } from "~/lib/storage.server";
import { isNewEvent, shiftIsoWeek, WEEKDAYS, weekdayOf } from "~/lib/time";
import { insertQuiz } from "../support/factories";

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

describe("npm run seed", () => {
  it("seeds a database that holds only the first admin, refuses one with content, and replaces on request", async () => {
    const db = getDb();
    await db.delete(events);
    await db.delete(quizzes);
    // The first start: an admin account with its role and a session; no content.
    expect(await ensureFirstAdmin(db)).not.toBeNull();
    await db.execute(sql`insert into session (id, token, user_id, expires_at)
      select 's-1', 't-1', id, now() + interval '1 day' from "user" limit 1`);
    expect(await isDatabaseEmpty(db)).toBe(false);

    // Accounts and sessions are no content: the demo goes in.
    const first = await seedOnRequest(db, getStorage(), { replace: false });
    expect(first).toMatchObject({ seeded: true, replaced: false });
    expect(await seedOnRequest(db, getStorage(), { replace: false })).toEqual({ seeded: false });

    // A report alone is content too.
    await db.delete(events);
    await db.delete(quizzes);
    await db.insert(reports).values({ reportType: "other", title: "Hej", description: "Ett förslag" });
    expect(await seedOnRequest(db, getStorage(), { replace: false })).toEqual({ seeded: false });

    // --replace: an uploaded image of a deleted quiz goes, the demo's images (shown again) stay.
    const upload = await saveUploadedImage(
      new File([fs.readFileSync("scripts/seed-data/images/pub-1.jpg")], "a.jpg"),
      "quiz-images",
    );
    assert(upload.ok);
    await insertQuiz(db, { imageUrl: upload.url });
    const replaced = await seedOnRequest(db, getStorage(), { replace: true });
    expect(replaced).toMatchObject({ seeded: true, replaced: true });
    expect(await db.select().from(reports)).toEqual([]);
    expect(await getStorage().get("quiz-images", parseImageUrl(upload.url)?.key ?? "")).toBeNull();
    const [demo] = await db.select().from(events).limit(1);
    expect(
      await getStorage().get("event-images", parseImageUrl(demo?.imageUrl ?? "")?.key ?? ""),
    ).not.toBeNull();
    expect((await db.select().from(user)).length).toBe(1);
  });
});
