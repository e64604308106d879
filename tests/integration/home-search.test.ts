import { beforeAll, describe, expect, it } from "vitest";
import { events } from "~/db/schema";
import { seedDemoContent } from "~/demo/seed.server";
import { EMPTY_FILTER, filterEvents } from "~/features/event-listing/filters";
import { loadHomeListing, loadListingBody } from "~/features/event-listing/home-listing.server";
import { type PackedCard, unpackCard } from "~/features/events/card-event";
import { readEventListVersion } from "~/features/events/event-list-cache.server";
import { getDb } from "~/lib/db.server";
import { getStorage } from "~/lib/storage.server";
import { loader } from "~/routes/public/home";
import { callRoute } from "../support/call-route";

/**
 * Home's search without JavaScript (`/?q=`, answered by the server) over the demo content, and the same
 * search as the browser runs it over the listing it fetches: both find the same nights.
 */
const now = new Date();
type Row = typeof events.$inferSelect;
let rows: Row[];
beforeAll(async () => {
  const db = getDb();
  await seedDemoContent(db, getStorage(), now);
  rows = await db.select().from(events);
});

type HomeData = Awaited<ReturnType<typeof loadHomeListing>>;

/** Every title `/?q=` lists, over all its pages, as a visitor without JavaScript pages through them. */
async function titlesWithoutScript(q: string): Promise<string[]> {
  const titles: string[] = [];
  for (let page = 1; ; page++) {
    const query = new URLSearchParams({ q, ...(page > 1 ? { sida: String(page) } : {}) });
    const data = await callRoute<HomeData>(loader, new Request(`http://localhost/?${query}`));
    titles.push(...data.cards.map((c) => unpackCard(c, data.dates).title));
    if (page >= data.pages) {
      expect(titles).toHaveLength(data.matching);
      return titles;
    }
  }
}

/** The same search as the browser runs it: over every card of the listing it fetches. */
async function titlesInBrowser(q: string): Promise<string[]> {
  const db = getDb();
  const body = await loadListingBody(db, now, await readEventListVersion(db));
  const { cards } = JSON.parse((await body.build()).body) as { cards: PackedCard[] };
  const { dates } = await loadHomeListing(db, now, new URLSearchParams());
  const all = cards.map((c) => unpackCard(c, dates));
  return filterEvents(all, { ...EMPTY_FILTER, q }, dates).map((e) => e.title);
}

const titlesOf = (match: (row: Row) => boolean) =>
  rows
    .filter(match)
    .map((r) => r.title)
    .sort();

describe("home's search without JavaScript", () => {
  it("finds every MusikQuiz night by its type, a street, and the facts a card states", async () => {
    const music = titlesOf((r) => r.tags.includes("MusikQuiz"));
    expect(music.length).toBeGreaterThan(6);
    expect((await titlesWithoutScript("musikquiz")).sort()).toEqual(music);
    expect((await titlesWithoutScript("Musikquiz")).sort()).toEqual(music);

    expect(await titlesWithoutScript("Grammofongatan")).toEqual(
      titlesOf((r) => r.streetAddress?.startsWith("Grammofongatan") ?? false),
    );
    const english = titlesOf((r) => r.language === "en");
    expect(english.length).toBeGreaterThan(0);
    expect((await titlesWithoutScript("engelska")).sort()).toEqual(english);
    expect((await titlesWithoutScript("gratis")).sort()).toEqual(titlesOf((r) => r.entryFee === 0));
    expect((await titlesWithoutScript("rullstol")).sort()).toEqual(
      titlesOf((r) => r.wheelchairAccessible === true),
    );
    // å/ä/ö folded and a typo forgiven, in a street too.
    expect(await titlesWithoutScript("kittelgrand")).toEqual(
      titlesOf((r) => r.streetAddress === "Kittelgränd 14"),
    );
    expect((await titlesWithoutScript("engleska")).sort()).toEqual(english);
  });

  it("finds what the browser's instant filter finds, in the same order", async () => {
    for (const q of [
      "musikquiz",
      "musik",
      "Grammofongatan",
      "engelska",
      "på engelska",
      "gratis",
      "rullstol",
      "göteborg engelska",
      "svanevk",
      "tisdag",
      "kompasen",
      "zqxzqx",
    ])
      expect(await titlesWithoutScript(q), q).toEqual(await titlesInBrowser(q));
  });
});
