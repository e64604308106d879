import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eventExceptions, events } from "~/db/schema";
import type { EventActionResult } from "~/features/event-editor/event-actions.server";
import { type ContentScope, onContentChange } from "~/lib/content-changes.server";
import { getDb } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { action } from "~/routes/admin/events-editor";
import { sessionCookie } from "../support/admin-session";
import { callRoute } from "../support/call-route";
import { insertEvent } from "../support/factories";

/**
 * The event editor's action: the one way the event form, its dates and its delete write. It validates with
 * the form's own schema and answers field by field, also to a page posted without JavaScript.
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

type Answer = { data: EventActionResult; init: { status: number } };

async function post(body: FormData, id?: string, cookie = adminCookie): Promise<Answer> {
  const url = id ? `/admin/events/${id}/edit` : "/admin/events/new";
  const origin = getEnv().publicUrl;
  const request = new Request(`${origin}${url}`, {
    method: "POST",
    body,
    headers: { cookie, origin },
  });
  const run = action as unknown as (args: object) => Promise<Answer>;
  return run({ request, params: id ? { id } : {}, context: {} });
}

function eventForm(fields: Record<string, string | string[]> = {}, image?: File) {
  const form = new FormData();
  const all = {
    intent: "save",
    title: "Quiz på Kajen",
    scheduleWeekday: "Tisdag",
    scheduleTime: "19:00",
    city: "Göteborg",
    quizType: "Quiz",
    maxPersonsPerTeam: "6",
    recurrence: "weekly",
    ...fields,
  };
  for (const [k, v] of Object.entries(all)) for (const item of [v].flat()) form.append(k, item);
  if (image) form.append("image", image);
  return form;
}

async function png() {
  const bytes = await sharp({ create: { width: 320, height: 180, channels: 3, background: "#36c" } })
    .png()
    .toBuffer();
  return new File([new Uint8Array(bytes)], "bild.png", { type: "image/png" });
}

const storedFiles = () => {
  const dir = path.join(getEnv().dataDir, "uploads", "event-images");
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => !f.endsWith(".tmp")) : [];
};
const eventCount = async () => (await getDb().select().from(events)).length;

describe("event editor action", () => {
  it("refuses visitors and non-admins", async () => {
    for (const cookie of ["", userCookie]) {
      const refused = await post(eventForm(), undefined, cookie).catch(
        (thrown: { init?: { status: number } }) => thrown,
      );
      expect((refused as { init: { status: number } }).init.status).toBe(403);
    }
    expect(await eventCount()).toBe(0);
  });

  it("answers a bad post field by field with what was posted, stores nothing and declares nothing", async () => {
    const before = storedFiles().length;
    const answer = await post(
      eventForm(
        { title: "  ", email: "inte-en-adress", phone: "Ring mig", locationUrl: "karta" },
        await png(),
      ),
    );
    expect(answer.init.status).toBe(400);
    expect(answer.data).toMatchObject({
      ok: false,
      intent: "save",
      imageFailed: false,
      formError: null,
      fieldErrors: {
        title: "Titel är obligatorisk",
        email: "Ange en giltig e-postadress",
        phone: "Ange ett giltigt telefonnummer: siffror, mellanslag, +, - och parenteser",
        locationUrl: "Ange en giltig webbadress (https://…)",
      },
      values: { title: "  ", email: "inte-en-adress", phone: "Ring mig", city: "Göteborg" },
    });
    expect(await eventCount()).toBe(0);
    expect(storedFiles().length).toBe(before);
    expect(announced).toEqual([]);
  });

  it("says the image failed only when the image is what the server refused", async () => {
    const svg = new File(['<svg xmlns="http://www.w3.org/2000/svg"></svg>'], "x.jpg", { type: "image/jpeg" });
    const refused = await post(eventForm({}, svg));
    expect(refused.init.status).toBe(400);
    expect(refused.data).toMatchObject({ ok: false, imageFailed: true });
    expect(refused.data.ok || refused.data.fieldErrors.image).toMatch(/SVG tillåts inte/);

    // A fine image on an event that is gone: the save fails, the image did not, and it is not kept.
    const before = storedFiles().length;
    const gone = "0b1c2d3e-4f50-4a61-8b72-9c8d7e6f5a4b";
    const missing = await post(eventForm({}, await png()), gone);
    expect(missing.init.status).toBe(404);
    expect(missing.data).toMatchObject({ ok: false, imageFailed: false, formError: "Eventet finns inte" });
    expect(storedFiles().length).toBe(before);
  });

  it("creates, updates, cancels a night and deletes, declaring each change", async () => {
    const created = await post(eventForm({}, await png()));
    expect(created.init.status).toBe(201);
    if (!created.data.ok || !created.data.event) throw new Error("not created");
    const { id, image } = created.data.event;
    expect(announced).toEqual(["events"]);

    const updated = await post(eventForm({ title: "Quiz på Kajen 2", phone: "031-12 34 56" }), id);
    expect(updated.data).toMatchObject({ ok: true, intent: "save", event: { title: "Quiz på Kajen 2" } });
    expect(updated.data.ok && updated.data.event?.image).toBe(image);

    const night = updated.data.ok ? updated.data.event?.nights[0]?.date : undefined;
    if (!night) throw new Error("no night");
    const form = new FormData();
    for (const [k, v] of Object.entries({
      intent: "save-exception",
      kind: "cancelled",
      date: night,
      note: "Stängt",
    }))
      form.set(k, v);
    const cancelled = await post(form, id);
    expect(cancelled.data).toMatchObject({ ok: true, intent: "save-exception" });
    expect(cancelled.data.ok && cancelled.data.event?.nights[0]).toMatchObject({
      date: night,
      cancelled: true,
    });
    const wrongDay = new FormData();
    for (const [k, v] of Object.entries({ intent: "save-exception", kind: "cancelled", date: "2026-13-01" }))
      wrongDay.set(k, v);
    expect((await post(wrongDay, id)).data).toMatchObject({
      ok: false,
      fieldErrors: { date: "Ange ett datum som ÅÅÅÅ-MM-DD" },
    });

    const undo = new FormData();
    for (const [k, v] of Object.entries({ intent: "remove-exception", kind: "cancelled", date: night }))
      undo.set(k, v);
    expect((await post(undo, id)).data).toMatchObject({ ok: true });
    expect(await getDb().select().from(eventExceptions).where(eq(eventExceptions.eventId, id))).toEqual([]);

    announced.length = 0;
    const remove = new FormData();
    remove.set("intent", "delete");
    expect((await post(remove, id)).data).toMatchObject({ ok: true, intent: "delete" });
    expect(announced).toEqual(["events"]);
    expect((await post(remove, id)).init.status).toBe(404);
    expect(await eventCount()).toBe(0);
  });

  it("says the form could not be read when the body is not a form", async () => {
    const origin = getEnv().publicUrl;
    const request = new Request(`${origin}/admin/events/new`, {
      method: "POST",
      body: "--trasig\r\nContent-Disposition: form-data; name=",
      headers: { cookie: adminCookie, origin, "content-type": "multipart/form-data; boundary=trasig" },
    });
    const answer = await callRoute<Answer>(action, request);
    expect(answer.init.status).toBe(400);
    expect(answer.data).toMatchObject({
      ok: false,
      intent: "save",
      formError: "Formuläret kunde inte läsas",
      imageFailed: false,
    });
    expect(await eventCount()).toBe(0);
  });

  it("refuses an unknown intent and an id that is not one", async () => {
    const event = await insertEvent(getDb());
    const form = new FormData();
    form.set("intent", "publish");
    expect((await post(form, event.id)).data).toMatchObject({ ok: false, formError: "Okänd åtgärd" });
    const notAnId = await post(eventForm(), "inte-ett-id").catch(
      (thrown: { init: { status: number } }) => thrown,
    );
    expect((notAnId as { init: { status: number } }).init.status).toBe(404);
  });
});
