import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { events } from "~/db/schema";
import { updateEventFromForm } from "~/features/event-editor/event-mutations.server";
import { getDb } from "~/lib/db.server";
import { loader } from "~/routes/public/city-slug";
import { findEventView } from "../support/event-views";
import { insertEvent, SYSTEM_ACTOR } from "../support/factories";
import { eventFormInput } from "../support/form-data";

type LoaderArgs = Parameters<typeof loader>[0];

function openPage(city: string, slug: string) {
  const request = new Request(`http://localhost:3000/quiz/${city}/${slug}`);
  return loader({ request, params: { city, slug }, context: {} } as unknown as LoaderArgs);
}

/** The statements of the migration that renames rows holding a weekday slug, run again on today's rows. */
async function runWeekdaySlugMigration() {
  const folder = path.resolve("drizzle");
  const file = fs.readdirSync(folder).find((f) => f.endsWith("_reserve-weekday-event-slugs.sql"));
  if (!file) throw new Error("reserve-weekday-event-slugs migration not found");
  const statements = fs.readFileSync(path.join(folder, file), "utf8").split("--> statement-breakpoint");
  for (const statement of statements) await getDb().execute(sql.raw(statement));
}

describe("weekday slugs are reserved for the city-and-weekday listings", () => {
  it("suffixes an event titled like a weekday, and its page opens as the event", async () => {
    const db = getDb();
    const fredag = await insertEvent(db, { title: "Fredag", city: "Göteborg" });
    const again = await insertEvent(db, { title: "fredag!", city: "Göteborg" });
    const lordag = await insertEvent(db, { title: "Lördag", city: "Malmö" });
    const longer = await insertEvent(db, { title: "Fredag på Kajen", city: "Göteborg" });
    expect([fredag.slug, again.slug, lordag.slug, longer.slug]).toEqual([
      "fredag-2",
      "fredag-3",
      "lordag-2",
      "fredag-pa-kajen",
    ]);

    const event = await openPage("goteborg", "fredag-2");
    expect(event).toMatchObject({ kind: "event", event: { id: fredag.id, title: "Fredag" } });
    expect(await openPage("goteborg", "fredag")).toMatchObject({ kind: "weekday", weekday: "Fredag" });
  });

  it("suffixes an event titled like the city map's address", async () => {
    const db = getDb();
    const karta = await insertEvent(db, { title: "Karta", city: "Malmö" });
    const renamed = await insertEvent(db, { title: "Quiz på Kartan", city: "Malmö" });
    expect([karta.slug, renamed.slug]).toEqual(["karta-2", "quiz-pa-kartan"]);
    expect(await openPage("malmo", "karta-2")).toMatchObject({ kind: "event", event: { id: karta.id } });
  });

  it("suffixes a weekday slug when an admin renames an event to a weekday", async () => {
    const db = getDb();
    const event = await insertEvent(db, { title: "Quiz på Hörnan", city: "Stockholm" });
    const input = eventFormInput({
      title: "Tisdag",
      scheduleWeekday: "Tisdag",
      location: "Hörnan",
      city: "Stockholm",
    });
    const updated = await updateEventFromForm(db, event.id, input, { imageUrl: null, actor: SYSTEM_ACTOR });
    expect(updated?.slug).toBe("tisdag-2");
  });

  it("the migration renames events that hold a weekday slug to the first free suffix in their city", async () => {
    const db = getDb();
    const a = await insertEvent(db, { title: "Söndagsquiz", city: "Göteborg" });
    const b = await insertEvent(db, { title: "Söndag extra", city: "Göteborg" });
    const c = await insertEvent(db, { title: "Söndagskväll", city: "Stockholm" });
    const untouched = await insertEvent(db, { title: "Sondag i parken", city: "Malmö" });
    // Rows written before slugs were reserved: one on the bare weekday slug, one already on its -2.
    await db.update(events).set({ slug: "sondag" }).where(eq(events.id, a.id));
    await db.update(events).set({ slug: "sondag-2" }).where(eq(events.id, b.id));
    await db.update(events).set({ slug: "sondag" }).where(eq(events.id, c.id));

    await runWeekdaySlugMigration();

    const slugOf = async (id: string) =>
      (await db.select({ slug: events.slug }).from(events).where(eq(events.id, id)))[0]?.slug;
    expect(await slugOf(a.id)).toBe("sondag-3");
    expect(await slugOf(b.id)).toBe("sondag-2");
    expect(await slugOf(c.id)).toBe("sondag-2");
    expect(await slugOf(untouched.id)).toBe("sondag-i-parken");
    expect(await findEventView(db, "Göteborg", "sondag-3")).toMatchObject({ id: a.id });
    const remaining = await db.select({ id: events.id }).from(events).where(eq(events.slug, "sondag"));
    expect(remaining).toEqual([]);
  });
});
