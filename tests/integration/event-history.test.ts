import { and, eq, isNotNull } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eventChanges, eventExceptions, events } from "~/db/schema";
import type { EventActionResult } from "~/features/events/admin/event-actions.server";
import { recordEventChanges } from "~/features/events/admin/event-history.server";
import { type ContentScope, onContentChange } from "~/lib/content-changes.server";
import { getDb } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { action as historyAction, loader as historyLoader } from "~/routes/admin/event-history";
import { action as editorAction } from "~/routes/admin/events-editor";
import { sessionCookie } from "../support/admin-session";
import { callRoute } from "../support/call-route";

/**
 * The change history: an admin's save records each changed field (and only those) in its own transaction, an
 * undo puts one field back while nothing changed it since, and the history page is bounded.
 */
let adminCookie: string;
let userCookie: string;
const announced: ContentScope[] = [];
let stop = () => {};

beforeAll(async () => {
  adminCookie = await sessionCookie({ admin: true });
  userCookie = await sessionCookie({ admin: false });
});
beforeEach(() => {
  stop = onContentChange((scopes) => announced.push(...scopes));
});
afterEach(() => {
  stop();
  announced.length = 0;
});

const origin = () => getEnv().publicUrl;

function request(path: string, body?: FormData, cookie = adminCookie) {
  return new Request(`${origin()}${path}`, {
    method: body ? "POST" : "GET",
    body,
    headers: { cookie, origin: origin() },
  });
}

function eventForm(fields: Record<string, string> = {}) {
  const form = new FormData();
  const all = {
    intent: "save",
    title: "Quiz på Kajen",
    description: "Välkomna till Kajen",
    scheduleWeekday: "Tisdag",
    scheduleTime: "19:00",
    location: "Kajen",
    city: "Göteborg",
    quizType: "Quiz",
    maxPersonsPerTeam: "6",
    recurrence: "weekly",
    ...fields,
  };
  for (const [k, v] of Object.entries(all)) form.append(k, v);
  return form;
}

type EditorAnswer = { data: EventActionResult; init: { status: number } };

async function save(form: FormData, id?: string): Promise<EditorAnswer> {
  const path = id ? `/admin/events/${id}/edit` : "/admin/events/new";
  return callRoute<EditorAnswer>(editorAction, request(path, form), id ? { id } : {});
}

async function createEvent(): Promise<string> {
  const created = await save(eventForm());
  if (!created.data.ok || !created.data.event) throw new Error("not created");
  return created.data.event.id;
}

type UndoAnswer = { data: { ok: boolean; error: string | null }; init: { status: number } } | { ok: true };

async function undo(eventId: string, changeId: string, cookie = adminCookie) {
  const form = new FormData();
  form.set("changeId", changeId);
  const answer = await callRoute<UndoAnswer>(
    historyAction,
    request(`/admin/events/${eventId}/historik`, form, cookie),
    { id: eventId },
  );
  return "data" in answer ? { ...answer.data, status: answer.init.status } : { ...answer, status: 200 };
}

const changesOf = (eventId: string) =>
  getDb()
    .select()
    .from(eventChanges)
    .where(eq(eventChanges.eventId, eventId))
    .orderBy(eventChanges.createdAt);

const changeOf = async (eventId: string, field: string) => {
  const rows = await getDb()
    .select()
    .from(eventChanges)
    .where(and(eq(eventChanges.eventId, eventId), eq(eventChanges.field, field)));
  const row = rows.find((r) => !r.undoOf);
  if (!row) throw new Error(`no change of ${field}`);
  return row;
};

const eventRow = async (id: string) => (await getDb().select().from(events).where(eq(events.id, id)))[0];

describe("change history", () => {
  it("records the creation and then only the fields a save changed, with the admin who saved", async () => {
    const id = await createEvent();
    expect((await changesOf(id)).map((c) => c.field)).toEqual(["created"]);
    // The same form again changes nothing: nothing is recorded.
    await save(eventForm(), id);
    expect(await changesOf(id)).toHaveLength(1);

    announced.length = 0;
    const saved = await save(eventForm({ title: "Quiz på Bryggan", maxPersonsPerTeam: "8" }), id);
    expect(saved.data.ok).toBe(true);
    const changes = await changesOf(id);
    expect(
      changes.slice(1).map(({ field, before, after, actorRole }) => ({ field, before, after, actorRole })),
    ).toEqual([
      { field: "title", before: "Quiz på Kajen", after: "Quiz på Bryggan", actorRole: "admin" },
      { field: "teamSize", before: 6, after: 8, actorRole: "admin" },
    ]);
    expect(changes.every((c) => c.actorId !== null)).toBe(true);
    expect(announced).toContain("events");
  });

  it("undoes one field, records the undo and marks the change undone; a second undo is refused", async () => {
    const id = await createEvent();
    const createdSlug = (await eventRow(id))?.slug;
    await save(eventForm({ title: "Quiz på Bryggan", maxPersonsPerTeam: "8" }), id);
    const titleChange = await changeOf(id, "title");
    expect((await eventRow(id))?.slug).toMatch(/^quiz-pa-bryggan/);

    announced.length = 0;
    expect(await undo(id, titleChange.id)).toMatchObject({ ok: true, status: 200 });
    const row = await eventRow(id);
    // The slug follows the title back (the old one is free again).
    expect(row).toMatchObject({ title: "Quiz på Kajen", slug: createdSlug, maxPersonsPerTeam: 8 });
    expect(announced).toContain("events");

    const undoRow = (await changesOf(id)).find((c) => c.undoOf === titleChange.id);
    expect(undoRow).toMatchObject({ field: "title", before: "Quiz på Bryggan", after: "Quiz på Kajen" });
    const [original] = await getDb()
      .select()
      .from(eventChanges)
      .where(and(eq(eventChanges.id, titleChange.id), isNotNull(eventChanges.undoneAt)));
    expect(original).toBeDefined();

    expect(await undo(id, titleChange.id)).toMatchObject({
      ok: false,
      status: 409,
      error: "Ändringen är redan ångrad",
    });
  });

  it("refuses to undo a field changed again since, and changes nothing", async () => {
    const id = await createEvent();
    await save(eventForm({ maxPersonsPerTeam: "8" }), id);
    const first = await changeOf(id, "teamSize");
    await save(eventForm({ maxPersonsPerTeam: "10" }), id);
    const count = (await changesOf(id)).length;
    announced.length = 0;
    expect(await undo(id, first.id)).toMatchObject({
      ok: false,
      status: 409,
      error: "Fältet har ändrats igen efter den här ändringen och kan inte ångras",
    });
    expect((await eventRow(id))?.maxPersonsPerTeam).toBe(10);
    expect(await changesOf(id)).toHaveLength(count);
    expect(announced).toEqual([]);
  });

  it("records a cancelled night and undoes it; an image change cannot be undone", async () => {
    const id = await createEvent();
    const row = await eventRow(id);
    if (!row) throw new Error("no event");
    const date = "2030-01-01";
    // 2030-01-01 is a Tuesday, one of the quiz's nights.
    const form = new FormData();
    for (const [k, v] of Object.entries({ intent: "save-exception", kind: "cancelled", date, note: "Nyår" }))
      form.set(k, v);
    expect((await save(form, id)).data).toMatchObject({ ok: true });
    const cancelled = await changeOf(id, `cancelled:${date}`);
    expect(cancelled).toMatchObject({ before: null, after: { note: "Nyår" } });

    expect(await undo(id, cancelled.id)).toMatchObject({ ok: true });
    expect(await getDb().select().from(eventExceptions).where(eq(eventExceptions.eventId, id))).toEqual([]);

    await recordEventChanges(
      getDb(),
      id,
      { userId: null, role: "system" },
      [{ field: "image", before: "/images/event-images/a.webp", after: "/images/event-images/b.webp" }],
      new Date(),
    );
    const image = await changeOf(id, "image");
    expect(await undo(id, image.id)).toMatchObject({
      ok: false,
      status: 400,
      error: "Den här ändringen kan inte ångras",
    });
  });

  it("is admin-only and shows a bounded page, newest first", async () => {
    const id = await createEvent();
    const base = Date.parse("2026-11-01T12:00:00Z");
    for (let i = 0; i < 60; i++)
      await recordEventChanges(
        getDb(),
        id,
        { userId: null, role: "system" },
        [{ field: "description", before: `text ${i}`, after: `text ${i + 1}` }],
        new Date(base + i * 60_000),
      );
    type Page = {
      changes: { after: unknown; actorRole: string }[];
      total: number;
      pages: number;
      page: number;
    };
    const first = await callRoute<Page>(historyLoader, request(`/admin/events/${id}/historik`), { id });
    expect(first.total).toBe(61);
    expect(first.pages).toBe(2);
    expect(first.changes).toHaveLength(50);
    // The creation was recorded now, after the back-dated rows: it comes first.
    expect(first.changes[1]).toMatchObject({ after: "text 60", actorRole: "system" });
    const second = await callRoute<Page>(historyLoader, request(`/admin/events/${id}/historik?sida=2`), {
      id,
    });
    expect(second.changes).toHaveLength(11);

    for (const cookie of ["", userCookie]) {
      const refused = await callRoute<{ init: { status: number } }>(
        historyLoader,
        request(`/admin/events/${id}/historik`, undefined, cookie),
        { id },
      );
      expect(refused.init.status).toBe(403);
      const change = await changeOf(id, "created");
      const undoRefused = await undo(id, change.id, cookie).catch((e) => e);
      expect(undoRefused.status ?? undoRefused.init?.status).toBe(403);
    }
  });
});
