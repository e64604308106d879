import { inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { events, quizzes } from "~/db/schema";
import { createEventFromForm, updateEventFromForm } from "~/features/event-editor/event-mutations.server";
import { createQuiz, updateQuiz } from "~/features/quizzes/quiz-mutations.server";
import { getDb } from "~/lib/db.server";
import { action as eventsAction } from "~/routes/api/admin/events";
import { sessionCookie } from "../support/admin-session";
import { insertEvent, SYSTEM_ACTOR } from "../support/factories";
import { eventFormInput } from "../support/form-data";

type ActionArgs = Parameters<typeof eventsAction>[0];

/**
 * Admins saving at the same moment: every parallel create or rename of one title gets its own slug, in the
 * order -2, -3 … without gaps, and none of them fails on the unique index (which on PostgreSQL used to
 * answer one of two concurrent saves with a duplicate-key 500).
 */
const PARALLEL = 8;

function formFor(title: string, city = "Göteborg") {
  return eventFormInput({ title, scheduleWeekday: "Onsdag", location: "Kvarterskrogen", city });
}

const expectedSlugs = (base: string) =>
  [base, ...Array.from({ length: PARALLEL - 1 }, (_, i) => `${base}-${i + 2}`)].sort();

const quizFields = (title: string) => ({
  title,
  category: "AllmänQuiz",
  difficulty: "medium" as const,
  description: null,
  isActive: false,
});

describe("event slugs under parallel saves", () => {
  it("gives 8 parallel creates of one title in one city the slugs x, x-2 … x-8", async () => {
    const db = getDb();
    const created = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        createEventFromForm(db, formFor("Samtidigt quiz"), {
          imageUrl: null,
          createdBy: null,
          actor: SYSTEM_ACTOR,
        }),
      ),
    );
    expect(created.map((e) => e.slug).sort()).toEqual(expectedSlugs("samtidigt-quiz"));
  });

  it("gives 8 parallel renames to one title distinct slugs, and a create racing them its own", async () => {
    const db = getDb();
    const originals = await Promise.all(
      Array.from({ length: PARALLEL - 1 }, (_, i) =>
        insertEvent(db, { title: `Gammalt namn ${i}`, city: "Malmö" }),
      ),
    );
    const results = await Promise.all([
      ...originals.map((e) =>
        updateEventFromForm(db, e.id, formFor("Nytt namn", "Malmö"), { imageUrl: null, actor: SYSTEM_ACTOR }),
      ),
      createEventFromForm(db, formFor("Nytt namn", "Malmö"), {
        imageUrl: null,
        createdBy: null,
        actor: SYSTEM_ACTOR,
      }),
    ]);
    expect(results.map((e) => e?.slug).sort()).toEqual(expectedSlugs("nytt-namn"));
    const ids = results.map((e) => e?.id ?? "");
    const stored = await db.select({ slug: events.slug }).from(events).where(inArray(events.id, ids));
    expect(stored.map((r) => r.slug).sort()).toEqual(expectedSlugs("nytt-namn"));
  });

  it("answers 8 parallel posts of one title to the admin API with 201 each, never a 500", async () => {
    const cookie = await sessionCookie({ admin: true });
    const post = () => {
      const form = new FormData();
      for (const [name, value] of Object.entries({
        title: "Via API",
        scheduleWeekday: "Tisdag",
        scheduleTime: "19:00",
        location: "Hörnan",
        city: "Göteborg",
        quizType: "Quiz",
      }))
        form.append(name, value);
      const request = new Request("http://localhost:3000/api/admin/events", {
        method: "POST",
        body: form,
        headers: { cookie },
      });
      return eventsAction({ request, params: {}, context: {} } as unknown as ActionArgs);
    };
    const responses = await Promise.all(Array.from({ length: PARALLEL }, post));
    expect(responses.map((r) => r.status)).toEqual(Array(PARALLEL).fill(201));
    const bodies = (await Promise.all(responses.map((r) => r.json()))) as { event: { slug: string } }[];
    expect(bodies.map((b) => b.event.slug).sort()).toEqual(expectedSlugs("via-api"));
  });

  it("keeps a weekday slug reserved while creates of that title race", async () => {
    const db = getDb();
    const created = await Promise.all(
      Array.from({ length: 3 }, () =>
        createEventFromForm(db, formFor("Torsdag", "Stockholm"), {
          imageUrl: null,
          createdBy: null,
          actor: SYSTEM_ACTOR,
        }),
      ),
    );
    expect(created.map((e) => e.slug).sort()).toEqual(["torsdag-2", "torsdag-3", "torsdag-4"]);
  });

  it("lets the same title take the bare slug in another city at the same moment", async () => {
    const db = getDb();
    const created = await Promise.all(
      ["Göteborg", "Stockholm", "Malmö"].map((city) =>
        createEventFromForm(db, formFor("Stadsquiz", city), {
          imageUrl: null,
          createdBy: null,
          actor: SYSTEM_ACTOR,
        }),
      ),
    );
    expect(created.map((e) => e.slug)).toEqual(["stadsquiz", "stadsquiz", "stadsquiz"]);
  });
});

describe("quiz title slugs under parallel saves", () => {
  it("gives 8 parallel creates of one title the slugs x, x-2 … x-8", async () => {
    const db = getDb();
    const created = await Promise.all(
      Array.from({ length: PARALLEL }, () => createQuiz(db, quizFields("Parallellt quiz"))),
    );
    expect(created.map((q) => q.titleSlug).sort()).toEqual(expectedSlugs("parallellt-quiz"));
  });

  it("gives 8 parallel renames to one title distinct slugs", async () => {
    const db = getDb();
    const originals = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) => createQuiz(db, quizFields(`Före ${i}`))),
    );
    const renamed = await Promise.all(originals.map((q) => updateQuiz(db, q.id, quizFields("Efter"))));
    expect(renamed.map((q) => q?.titleSlug).sort()).toEqual(expectedSlugs("efter"));
    const stored = await db
      .select({ slug: quizzes.titleSlug })
      .from(quizzes)
      .where(
        inArray(
          quizzes.id,
          originals.map((q) => q.id),
        ),
      );
    expect(stored.map((r) => r.slug).sort()).toEqual(expectedSlugs("efter"));
  });
});
