import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { eventHosts, events, user } from "~/db/schema";
import type { EventActionResult } from "~/features/event-editor/event-actions.server";
import { addDays } from "~/features/events/occurrences";
import { getDb } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { action as hostAreaAction, loader as hostAreaLoader } from "~/routes/hosts/host-area";
import { action as hostEventAction, loader as hostEventLoader } from "~/routes/hosts/host-event";
import { sessionCookie } from "../support/admin-session";
import { signedInCookie } from "../support/auth-sessions";
import { callRoute } from "../support/call-route";
import { insertEvent } from "../support/factories";

/** A host changes what a host knows about their own event, and nothing about anyone else's. */
type Answer = { data: EventActionResult; init: { status: number } | null };

const origin = () => getEnv().publicUrl;
let hostCookie: string;
let otherHostCookie: string;
let adminCookie: string;
let own: { id: string };
let others: { id: string };

async function makeHost(email: string, eventId: string): Promise<string> {
  const cookie = await signedInCookie(email, "vardens-losen", "user");
  const [row] = await getDb().select({ id: user.id }).from(user).where(eq(user.email, email));
  await getDb().insert(eventHosts).values({ eventId, userId: row!.id });
  return cookie;
}

beforeAll(async () => {
  const db = getDb();
  own = await insertEvent(db, { title: "Värdens quiz", city: "Göteborg", weekday: "Tisdag", time: "19:00" });
  others = await insertEvent(db, { title: "Grannens quiz", city: "Malmö" });
  hostCookie = await makeHost("vard@example.se", own.id);
  otherHostCookie = await makeHost("granne@example.se", others.id);
  adminCookie = await sessionCookie({ admin: true });
});

function post(eventId: string, fields: Record<string, string | string[]>, cookie: string) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const item of [v].flat()) body.append(k, item);
  return new Request(`${origin()}/quizvard${eventId ? `/${eventId}` : ""}`, {
    method: "POST",
    body,
    headers: { cookie, origin: origin() },
  });
}

const saveForm = (fields: Record<string, string | string[]> = {}) => ({
  intent: "save",
  title: "Hackad titel",
  city: "Stockholm",
  location: "Någon annanstans",
  streetAddress: "Falsk gata 1",
  scheduleWeekday: "Onsdag",
  scheduleTime: "20:30",
  quizType: "Quiz",
  maxPersonsPerTeam: "4",
  recurrence: "weekly",
  phone: "031-12 34 56",
  description: "Nu på onsdagar.",
  ...fields,
});

const statusOf = (value: unknown) => (value as { init?: { status?: number } }).init?.status;

describe("a host's edit page", () => {
  it("saves times, texts and contact but keeps the title, city and place whatever was posted", async () => {
    const answer = await callRoute<Answer>(hostEventAction, post(own.id, saveForm(), hostCookie), {
      eventId: own.id,
    });
    expect(answer.init?.status).toBe(200);
    const [row] = await getDb().select().from(events).where(eq(events.id, own.id));
    expect(row).toMatchObject({
      title: "Värdens quiz",
      city: "Göteborg",
      description: "Nu på onsdagar.",
      phone: "031-12 34 56",
      maxPersonsPerTeam: 4,
      schedules: [{ weekday: "Onsdag", time: "20:30" }],
    });
    expect(row?.locationName).toMatch(/^Testkrogen/);
    expect(row?.streetAddress).toBeNull();
    expect(row?.slug).toBe("vardens-quiz");
  });

  it("refuses another host's event, a delete and a signed-out visitor", async () => {
    const refused = await callRoute(hostEventAction, post(others.id, saveForm(), hostCookie), {
      eventId: others.id,
    });
    expect(statusOf(refused)).toBe(403);
    const page = await callRoute(
      hostEventLoader,
      new Request(`${origin()}/quizvard/${others.id}`, { headers: { cookie: hostCookie } }),
      { eventId: others.id },
    );
    expect(statusOf(page)).toBe(403);
    const [untouched] = await getDb().select().from(events).where(eq(events.id, others.id));
    expect(untouched?.title).toBe("Grannens quiz");

    const deletion = await callRoute<Answer>(
      hostEventAction,
      post(own.id, { intent: "delete" }, hostCookie),
      {
        eventId: own.id,
      },
    );
    expect(deletion.init?.status).toBe(403);
    expect(await getDb().select().from(events).where(eq(events.id, own.id))).toHaveLength(1);

    const anonymous = await callRoute<Response>(
      hostEventLoader,
      new Request(`${origin()}/quizvard/${own.id}`),
      { eventId: own.id },
    );
    expect([anonymous.status, anonymous.headers.get("location")]).toEqual([302, "/quizvard"]);
  });

  it("cancels a night with a note and adds an extra one through the same action", async () => {
    const page = await callRoute<{ event: { nights: { date: string }[] } }>(
      hostEventLoader,
      new Request(`${origin()}/quizvard/${own.id}`, { headers: { cookie: hostCookie } }),
      { eventId: own.id },
    );
    const night = page.event.nights[1]!.date;
    const cancelled = await callRoute<Answer>(
      hostEventAction,
      post(
        own.id,
        { intent: "save-exception", kind: "cancelled", date: night, note: "Privat fest" },
        hostCookie,
      ),
      { eventId: own.id },
    );
    expect(cancelled.data.ok && cancelled.data.event?.nights.find((n) => n.date === night)).toMatchObject({
      cancelled: true,
      note: "Privat fest",
    });
    const extraDate = addDays(night, 2);
    const extra = await callRoute<Answer>(
      hostEventAction,
      post(own.id, { intent: "save-exception", kind: "extra", date: extraDate, time: "18:00" }, hostCookie),
      { eventId: own.id },
    );
    expect(extra.data.ok && extra.data.event?.nights.some((n) => n.date === extraDate)).toBe(true);
    // The other host cannot undo it.
    const undo = await callRoute(
      hostEventAction,
      post(own.id, { intent: "remove-exception", kind: "cancelled", date: night }, otherHostCookie),
      { eventId: own.id },
    );
    expect(statusOf(undo)).toBe(403);
  });

  it("lists the host's events and confirms one with 'Stämmer', refusing someone else's", async () => {
    const list = await callRoute<{ signedIn: boolean; events: { id: string }[] }>(
      hostAreaLoader,
      new Request(`${origin()}/quizvard`, { headers: { cookie: hostCookie } }),
    );
    expect(list.events.map((e) => e.id)).toEqual([own.id]);

    await getDb().update(events).set({ lastConfirmedAt: null }).where(eq(events.id, own.id));
    const confirm = (eventId: string, cookie: string) =>
      callRoute(hostAreaAction, post("", { intent: "confirm", eventId }, cookie));
    expect(await confirm(own.id, hostCookie)).toMatchObject({ ok: true, eventId: own.id });
    const [row] = await getDb().select().from(events).where(eq(events.id, own.id));
    expect(row?.lastConfirmedAt).not.toBeNull();

    await getDb().update(events).set({ lastConfirmedAt: null }).where(eq(events.id, others.id));
    expect(statusOf(await confirm(others.id, hostCookie))).toBe(403);
    const [other] = await getDb().select().from(events).where(eq(events.id, others.id));
    expect(other?.lastConfirmedAt).toBeNull();
    // An admin may confirm any event from here too.
    expect(await confirm(others.id, adminCookie)).toMatchObject({ ok: true });
  });
});
