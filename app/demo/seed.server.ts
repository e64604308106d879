import fs from "node:fs/promises";
import path from "node:path";
import { count } from "drizzle-orm";
import { events, jobRuns, quizQuestions, quizzes, reports, user } from "~/db/schema";
import type { Booking, Difficulty, Language } from "~/features/events/public";
import { createEvent } from "~/features/events/public.server";
import { releaseImages } from "~/features/images/public.server";
import { demoPosition } from "~/features/places/public";
import { createQuizWithQuestions } from "~/features/quizzes/public.server";
import { isCityName } from "~/lib/cities";
import { type Db, onlyRow } from "~/lib/db.server";
import { publicImageUrl, type Storage } from "~/lib/storage.server";
import { isWeekday, nextOccurrence } from "~/lib/time";
import { seedDemoNutidsQuizzes } from "./demo-news.server";

const SEED_DIR = path.resolve("scripts/seed-data");
const DAY_MS = 24 * 60 * 60 * 1000;

type DemoEvent = {
  title: string;
  description: string;
  locationName: string;
  street: string;
  city: string;
  weekday: string;
  time: string;
  schedules: { weekday: string; time: string }[] | null;
  tags: string[];
  recurrence: "weekly" | "biweekly" | "monthly";
  maxPersonsPerTeam: number | null;
  website: string | null;
  instagram: string | null;
  email: string | null;
  phone: string | null;
  createdDaysAgo: number;
  image: string;
  beerCounter: number;
  /** Only a handful of events; the rest stay unknown. */
  facts?: {
    entryFee?: number;
    booking?: Booking;
    bookingUrl?: string;
    prize?: string;
    difficulty?: Difficulty;
    language?: Language;
    wheelchairAccessible?: boolean;
  };
};

type DemoQuestion = { question: string; options: [string, string, string]; correct: 0 | 1 | 2 };
/** The NutidsQuiz weeks are drafted from the demo news instead (demo-news.server.ts). */
type DemoQuiz = {
  title: string;
  createdDaysAgo: number;
  category: string;
  difficulty: "easy" | "medium" | "hard";
  description: string;
  questions: DemoQuestion[];
};

async function readJson<T>(file: string): Promise<T> {
  return JSON.parse(await fs.readFile(path.join(SEED_DIR, file), "utf8")) as T;
}

/** So an install whose admin deleted every listing is not refilled with the demo on its next start. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const counts = await Promise.all([
    db.select({ n: count() }).from(events),
    db.select({ n: count() }).from(quizzes),
    db.select({ n: count() }).from(user),
  ]);
  return counts.every((rows) => onlyRow(rows).n === 0);
}

/** Accounts, sessions, roles and job runs are not content an operator would lose. */
async function hasContent(db: Db): Promise<boolean> {
  const counts = await Promise.all([
    db.select({ n: count() }).from(events),
    db.select({ n: count() }).from(quizzes),
    db.select({ n: count() }).from(reports),
  ]);
  return counts.some((rows) => onlyRow(rows).n > 0);
}

export type SeedResult =
  | { seeded: true; events: number; quizzes: number; replaced: boolean }
  | { seeded: false };

/** Images the deleted rows showed are released after the demo is in, unless it shows them again. */
export async function seedOnRequest(
  db: Db,
  storage: Storage,
  options: { replace: boolean },
): Promise<SeedResult> {
  let released: (string | null)[] = [];
  const replaced = await hasContent(db);
  if (replaced) {
    if (!options.replace) return { seeded: false };
    released = await db.transaction(async (tx) => {
      await tx.delete(reports);
      const images = [
        ...(await tx.select({ url: quizQuestions.imageUrl }).from(quizQuestions)),
        ...(await tx.delete(quizzes).returning({ url: quizzes.imageUrl })),
        ...(await tx.delete(events).returning({ url: events.imageUrl })),
      ];
      await tx.delete(jobRuns);
      return images.map((r) => r.url);
    });
  }
  const seeded = await seedDemoContent(db, storage);
  await releaseImages(db, released);
  return { seeded: true, ...seeded, replaced };
}

/** Callers decide when that is allowed (never silently over data). */
export async function seedDemoContent(db: Db, storage: Storage, now: Date = new Date()) {
  const imageDir = path.join(SEED_DIR, "images");
  const imageNames = (await fs.readdir(imageDir)).filter((f) => f.endsWith(".jpg"));
  for (const name of imageNames) {
    await storage.put(
      "event-images",
      `demo-${name}`,
      await fs.readFile(path.join(imageDir, name)),
      "image/jpeg",
    );
  }

  const demoEvents = await readJson<DemoEvent[]>("demo-events.json");
  for (const e of demoEvents) {
    if (!isCityName(e.city) || !isWeekday(e.weekday)) throw new Error(`bad demo event: ${e.title}`);
    const createdAt = new Date(now.getTime() - e.createdDaysAgo * DAY_MS);
    await createEvent(db, {
      title: e.title,
      description: e.description,
      imageUrl: publicImageUrl("event-images", `demo-${e.image}.jpg`),
      locationName: e.locationName,
      locationAddress: `${e.street}, ${e.city}`,
      streetAddress: e.street,
      // The streets are made up: each venue gets a fixed point in its city instead of a geocoder's answer.
      ...demoPosition(e.city, e.locationName),
      city: e.city,
      startTime: nextOccurrence(e.weekday, e.time, now),
      tags: e.tags,
      maxPersonsPerTeam: e.maxPersonsPerTeam,
      phone: e.phone,
      email: e.email,
      website: e.website,
      instagram: e.instagram,
      recurrence: e.recurrence,
      schedules: e.schedules,
      beerCounter: e.beerCounter,
      ...e.facts,
      createdAt,
    });
  }

  const weeklyQuizzes = await seedDemoNutidsQuizzes(db, SEED_DIR, now);
  const demoQuizzes = await readJson<DemoQuiz[]>("demo-quizzes.json");
  for (const quiz of demoQuizzes) {
    await createQuizWithQuestions(db, {
      title: quiz.title,
      category: quiz.category,
      difficulty: quiz.difficulty,
      description: quiz.description,
      isActive: true,
      createdAt: new Date(now.getTime() - quiz.createdDaysAgo * DAY_MS),
      questions: quiz.questions.map((q) => ({
        questionText: q.question,
        options: q.options.map((text, i) => ({ text, isCorrect: i === q.correct })),
      })),
    });
  }
  return { events: demoEvents.length, quizzes: weeklyQuizzes + demoQuizzes.length };
}
