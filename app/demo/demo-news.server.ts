import fs from "node:fs/promises";
import path from "node:path";
import { type GenerationEnv, generateDailyQuiz } from "~/features/quiz-generation/public.server";
import type { Db } from "~/lib/db.server";
import { fromStockholm, stockholmParts } from "~/lib/time";

/** Demo weeks drafted by the real generator from a shipped feed, so every question carries a source. */

const FEED_FILE = "demo-news.rss.xml";
/** The feed's own address (a reserved example domain); the generator asks for it and gets the fixture. */
const FEED_URL = "https://demonytt.example/rss";

const DEMO_NUTIDSQUIZ_WEEKS = 4;

const DEMO_ENV: GenerationEnv = {
  QUIZ_PROVIDER: "auto",
  QUIZ_AUTO_PUBLISH: true,
  LLM_BASE_URL: undefined,
  LLM_API_KEY: undefined,
  LLM_MODEL: "none",
  NEWS_FEEDS: [FEED_URL],
};

/** Every date shifted alike so lastBuildDate is `now`: items keep their distance to their week. */
function feedAsOf(xml: string, now: Date): string {
  const built = /<lastBuildDate>([^<]+)<\/lastBuildDate>/.exec(xml)?.[1];
  const builtAt = built ? Date.parse(built) : Number.NaN;
  if (Number.isNaN(builtAt)) throw new Error(`${FEED_FILE} has no lastBuildDate`);
  const shift = now.getTime() - builtAt;
  return xml.replace(
    /<(pubDate|lastBuildDate)>([^<]+)<\/\1>/g,
    (_, tag: string, date: string) => `<${tag}>${new Date(Date.parse(date) + shift).toUTCString()}</${tag}>`,
  );
}

/** A small seeded generator (mulberry32): the same demo questions and answer order on every start. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The same Stockholm wall-clock time `weeks` weeks earlier (a plain 7 × 24 h can land on another day across DST). */
function weeksBefore(now: Date, weeks: number): Date {
  if (weeks === 0) return now;
  const { year, month, day, hour, minute } = stockholmParts(now);
  return fromStockholm(year, month, day - 7 * weeks, hour, minute);
}

export async function seedDemoNutidsQuizzes(db: Db, seedDir: string, now: Date): Promise<number> {
  const xml = feedAsOf(await fs.readFile(path.join(seedDir, FEED_FILE), "utf8"), now);
  const serveFeed: typeof fetch = async (input) =>
    String(input) === FEED_URL
      ? new Response(xml, { headers: { "content-type": "application/rss+xml; charset=utf-8" } })
      : new Response(null, { status: 404 });
  for (let weeksAgo = DEMO_NUTIDSQUIZ_WEEKS - 1; weeksAgo >= 0; weeksAgo--) {
    const made = await generateDailyQuiz(db, DEMO_ENV, {
      now: weeksBefore(now, weeksAgo),
      random: seededRandom(weeksAgo + 1),
      fetch: serveFeed,
    });
    // A demo week drawn from the question bank would have no sources: the feed no longer fits the generator.
    if (made.generatedBy !== "headlines") {
      throw new Error(
        `demo NutidsQuiz ${weeksAgo} weeks ago came from ${made.generatedBy}, not the demo news`,
      );
    }
  }
  return DEMO_NUTIDSQUIZ_WEEKS;
}
