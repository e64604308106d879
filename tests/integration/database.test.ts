import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { events, quizOptions, quizQuestions, quizzes, reports } from "~/db/schema";
import { getDb, queryRows } from "~/lib/db.server";
import { insertEvent, insertQuiz } from "../support/factories";

describe("schema and migrations", () => {
  it("creates every table", async () => {
    const rows = await queryRows<{ table_name: string }>(
      getDb(),
      sql`select table_name from information_schema.tables where table_schema = 'public'`,
    );
    const names = rows.map((r) => r.table_name);
    for (const table of [
      "events",
      "event_beer_interactions",
      "beer_clicks",
      "reports",
      "user_roles",
      "one_time_passwords",
      "quizzes",
      "quiz_questions",
      "quiz_options",
      "quiz_plays",
      "quiz_answers",
      "quiz_votes",
      "job_runs",
      "rate_limits",
      "user",
      "session",
      "account",
      "verification",
      "rate_limit",
    ]) {
      expect(names).toContain(table);
    }
  });

  it("gives colliding titles in one city -2, -3 and keeps other cities free", async () => {
    const db = getDb();
    const a = await insertEvent(db, { title: "Quiz på Kajen", city: "Malmö" });
    const b = await insertEvent(db, { title: "Quiz på kajen!", city: "Malmö" });
    const c = await insertEvent(db, { title: "Quiz på Kajen", city: "Malmö" });
    const d = await insertEvent(db, { title: "Quiz på Kajen", city: "Stockholm" });
    expect([a.slug, b.slug, c.slug, d.slug]).toEqual([
      "quiz-pa-kajen",
      "quiz-pa-kajen-2",
      "quiz-pa-kajen-3",
      "quiz-pa-kajen",
    ]);
  });

  it("enforces the check constraints and the city+slug key", async () => {
    const db = getDb();
    const event = await insertEvent(db);
    await expect(db.update(events).set({ city: "Uppsala" }).where(eq(events.id, event.id))).rejects.toThrow();
    await expect(
      db.update(events).set({ recurrence: "daily" }).where(eq(events.id, event.id)),
    ).rejects.toThrow();
    await expect(
      db.insert(events).values({ title: "x", slug: event.slug, city: event.city, startTime: new Date() }),
    ).rejects.toThrow();
    await expect(
      db.insert(reports).values({ reportType: "spam", title: "t", description: "d" }),
    ).rejects.toThrow();
  });

  it("deleting a quiz deletes its questions and options", async () => {
    const db = getDb();
    const quiz = await insertQuiz(db, { questionCount: 3 });
    const questions = await db.select().from(quizQuestions).where(eq(quizQuestions.quizId, quiz.id));
    expect(questions).toHaveLength(3);
    await db.delete(quizzes).where(eq(quizzes.id, quiz.id));
    expect(await db.select().from(quizQuestions).where(eq(quizQuestions.quizId, quiz.id))).toHaveLength(0);
    expect(
      await db.select().from(quizOptions).where(eq(quizOptions.questionId, questions[0]!.id)),
    ).toHaveLength(0);
  });
});
