import { and, eq, isNotNull } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eventChanges, eventExceptions, eventHosts, events, user } from "~/db/schema";
import type { EventActionResult } from "~/features/event-editor/event-actions.server";
import { recordEventChanges } from "~/features/event-history/event-history.server";
import { type ContentScope, onContentChange } from "~/lib/content-changes.server";
import { getDb } from "~/lib/db.server";
import { type Env, getEnv, setEnv } from "~/lib/env.server";
import { action as historyAction, loader as historyLoader } from "~/routes/admin/event-history";
import { action as editorAction } from "~/routes/admin/events-editor";
import { action as hostEventAction } from "~/routes/hosts/host-event";
import { sessionCookie } from "../support/admin-session";
import { signedInCookie } from "../support/auth-sessions";
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

type UndoAnswer =
  | { data: { ok: boolean; formError?: string | null }; init: { status: number } }
  | { ok: true };

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
      formError: "Ändringen är redan ångrad",
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
      formError: "Fältet har ändrats igen efter den här ändringen och kan inte ångras",
    });
    expect((await eventRow(id))?.maxPersonsPerTeam).toBe(10);
    expect(await changesOf(id)).toHaveLength(count);
    expect(announced).toEqual([]);
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

describe("the facts in the history", () => {
  const factsOf = async (id: string) => {
    const row = await eventRow(id);
    return {
      entryFee: row?.entryFee,
      booking: row?.booking,
      bookingUrl: row?.bookingUrl,
      difficulty: row?.difficulty,
    };
  };

  it("records a fact an admin saves as one change, and undo puts it back", async () => {
    const id = await createEvent();
    const count = (await changesOf(id)).length;
    expect((await save(eventForm({ entryFee: "40" }), id)).data).toMatchObject({ ok: true });
    const added = (await changesOf(id)).slice(count);
    expect(added.map(({ field, before, after }) => ({ field, before, after }))).toEqual([
      { field: "entryFee", before: null, after: 40 },
    ]);

    await save(
      eventForm({ entryFee: "40", booking: "required", bookingUrl: "https://boka.example/kajen" }),
      id,
    );
    const booking = await changeOf(id, "booking");
    expect(booking).toMatchObject({
      before: null,
      after: { mode: "required", url: "https://boka.example/kajen" },
    });

    // The booking and its link go back together; the fee stays.
    expect(await undo(id, booking.id)).toMatchObject({ ok: true, status: 200 });
    expect(await factsOf(id)).toMatchObject({ entryFee: 40, booking: null, bookingUrl: null });
    const fee = await changeOf(id, "entryFee");
    expect(await undo(id, fee.id)).toMatchObject({ ok: true });
    expect(await factsOf(id)).toMatchObject({ entryFee: null });
  });

  it("records a host's change of a fact with the host as actor; the admin can undo it", async () => {
    const id = await createEvent();
    const email = `vard-${Math.random().toString(36).slice(2, 8)}@example.se`;
    const hostCookie = await signedInCookie(email, "vardens-losen", "user");
    const [host] = await getDb().select({ id: user.id }).from(user).where(eq(user.email, email));
    if (!host) throw new Error("no host");
    await getDb().insert(eventHosts).values({ eventId: id, userId: host.id });
    const count = (await changesOf(id)).length;

    const form = eventForm({ difficulty: "hard", wheelchairAccessible: "ja" });
    const answer = await callRoute<{ init: { status: number } | null }>(
      hostEventAction,
      request(`/quizvard/${id}`, form, hostCookie),
      { eventId: id },
    );
    expect(answer.init?.status ?? 200).toBe(200);
    const added = (await changesOf(id)).slice(count);
    expect(
      added.map(({ field, after, actorRole, actorId }) => ({ field, after, actorRole, actorId })),
    ).toEqual([
      { field: "difficulty", after: "hard", actorRole: "host", actorId: host.id },
      { field: "wheelchairAccessible", after: true, actorRole: "host", actorId: host.id },
    ]);

    const difficulty = await changeOf(id, "difficulty");
    expect(await undo(id, difficulty.id)).toMatchObject({ ok: true });
    expect(await eventRow(id)).toMatchObject({ difficulty: null, wheelchairAccessible: true });
  });
});

describe("the dates editor's changes in the history", () => {
  let original: Env;
  // Friday 27 November 2026, 10:00 in Stockholm; the quiz is on Tuesdays.
  const NOW = new Date("2026-11-27T09:00:00Z");
  let plainCookie: string;
  beforeAll(() => {
    original = getEnv();
    setEnv({ ...original, TEST_CLOCK: true });
    plainCookie = adminCookie;
    adminCookie = `${adminCookie}; quizkvall_now=${NOW.toISOString()}`;
  });
  afterAll(() => {
    setEnv(original);
    adminCookie = plainCookie;
  });

  function saveDates(id: string, entries: [string, string][]) {
    const form = new FormData();
    form.append("intent", "save-dates");
    for (const [k, v] of entries) form.append(k, v);
    return save(form, id);
  }
  const nights = async (id: string) =>
    (await getDb().select().from(eventExceptions).where(eq(eventExceptions.eventId, id)))
      .map((e) => ({ kind: e.kind, date: e.date, endDate: e.endDate, note: e.note }))
      .sort((a, b) => a.date.localeCompare(b.date));

  it("records a cancelled night and undoes it; an image change cannot be undone", async () => {
    const id = await createEvent();
    const row = await eventRow(id);
    if (!row) throw new Error("no event");
    const date = "2026-12-29";
    // 2026-12-29 is a Tuesday, one of the quiz's nights.
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
      formError: "Den här ändringen kan inte ångras",
    });
  });

  it("records a break and a cancellation; Ångra takes each back and brings a removed break back", async () => {
    const id = await createEvent();
    const answer = await saveDates(id, [
      ["cancelDate", "2027-04-27"],
      ["cancelNote", "Påskfest"],
      ["breakFrom", "2027-05-10"],
      ["breakTo", "2027-08-15"],
      ["breakNote", "Sommaruppehåll"],
    ]);
    expect(answer.data).toMatchObject({ ok: true });
    const brk = await changeOf(id, "break:2027-05-10");
    expect(brk).toMatchObject({ before: null, after: { to: "2027-08-15", note: "Sommaruppehåll" } });
    const cancelled = await changeOf(id, "cancelled:2027-04-27");
    expect(cancelled).toMatchObject({ before: null, after: { note: "Påskfest" } });

    expect(await undo(id, brk.id)).toMatchObject({ ok: true });
    expect(await nights(id)).toEqual([
      { kind: "cancelled", date: "2027-04-27", endDate: null, note: "Påskfest" },
    ]);
    expect(await undo(id, cancelled.id)).toMatchObject({ ok: true });
    expect(await nights(id)).toEqual([]);

    // A break saved again and then removed in the editor: undoing the removal brings it back whole.
    await saveDates(id, [
      ["breakFrom", "2027-05-10"],
      ["breakTo", "2027-08-01"],
      ["breakNote", "Sommar"],
    ]);
    expect((await saveDates(id, [["remove", "break:2027-05-10"]])).data).toMatchObject({ ok: true });
    const removal = (await changesOf(id)).find(
      (c) => c.field === "break:2027-05-10" && !c.undoOf && c.after === null,
    );
    expect(removal).toMatchObject({ before: { to: "2027-08-01", note: "Sommar" } });
    expect(await undo(id, removal!.id)).toMatchObject({ ok: true });
    expect(await nights(id)).toEqual([
      { kind: "break", date: "2027-05-10", endDate: "2027-08-01", note: "Sommar" },
    ]);
  });
});
