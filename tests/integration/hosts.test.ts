import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { eventHosts, user } from "~/db/schema";
import { hostsOfEvent, isHostOfEvent } from "~/features/hosts/public.server";
import { getDb } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { action as hostsAction, loader as hostsLoader } from "~/routes/admin/event-hosts";
import { sessionCookie } from "../support/admin-session";
import { callRoute } from "../support/call-route";
import { mailsTo } from "../support/delivered-mail";
import { insertEvent } from "../support/factories";

async function insertUser(id: string, email: string) {
  await getDb()
    .insert(user)
    .values({ id, name: id, email, emailVerified: true, createdAt: new Date(), updatedAt: new Date() });
}

describe("event hosts", () => {
  it("grants access per event: a host of one event is not a host of another", async () => {
    const db = getDb();
    const first = await insertEvent(db, { title: "Värdens quiz" });
    const second = await insertEvent(db, { title: "Någon annans quiz" });
    await insertUser("host-a", "a@example.se");
    await insertUser("host-b", "b@example.se");
    await db.insert(eventHosts).values({ eventId: first.id, userId: "host-a" });

    expect(await isHostOfEvent(db, "host-a", first.id)).toBe(true);
    expect(await isHostOfEvent(db, "host-a", second.id)).toBe(false);
    expect(await isHostOfEvent(db, "host-b", first.id)).toBe(false);
    expect(await hostsOfEvent(db, first.id)).toEqual([
      { userId: "host-a", name: "host-a", email: "a@example.se", since: expect.any(Date) },
    ]);
    expect(await hostsOfEvent(db, second.id)).toEqual([]);
  });
});

describe("an event's hosts on its admin page", () => {
  const origin = () => getEnv().publicUrl;
  const request = (eventId: string, cookie: string, userId?: string) => {
    const body = userId === undefined ? undefined : new FormData();
    if (body && userId !== undefined) body.set("userId", userId);
    return new Request(`${origin()}/admin/events/${eventId}/vardar`, {
      method: body ? "POST" : "GET",
      body,
      headers: { cookie, origin: origin() },
    });
  };
  type Answer =
    | { data: { ok: boolean; message?: string; error?: string }; init: { status: number } }
    | {
        ok: true;
        message: string;
      };

  it("lists who hosts since when, removes one with a mail to them, and refuses a second removal", async () => {
    const db = getDb();
    const admin = await sessionCookie({ admin: true });
    const event = await insertEvent(db, { title: "Värdbytets quiz" });
    await insertUser("host-c", "host-removed-c@example.se");
    await db
      .insert(eventHosts)
      .values({ eventId: event.id, userId: "host-c", createdAt: new Date("2026-10-01T10:00:00Z") });

    const page = await callRoute<{ hosts: { name: string; email: string; since: string }[] }>(
      hostsLoader,
      request(event.id, admin),
      { id: event.id },
    );
    expect(page.hosts).toEqual([
      {
        userId: "host-c",
        name: "host-c",
        email: "host-removed-c@example.se",
        since: "2026-10-01T10:00:00.000Z",
      },
    ]);

    const removed = await callRoute<Answer>(hostsAction, request(event.id, admin, "host-c"), {
      id: event.id,
    });
    expect(removed).toMatchObject({
      ok: true,
      message: "host-c är inte längre quizvärd och har fått ett mejl.",
    });
    expect(await isHostOfEvent(db, "host-c", event.id)).toBe(false);
    const mail = (await mailsTo("host-removed-c@example.se")).at(-1);
    expect(mail?.text).toContain(
      "En administratör på Quizkväll har tagit bort dig som quizvärd för Värdbytets quiz.",
    );

    const again = await callRoute<Answer>(hostsAction, request(event.id, admin, "host-c"), { id: event.id });
    expect(again).toMatchObject({
      data: { ok: false, formError: "Personen är inte quizvärd för quizet." },
      init: { status: 409 },
    });
    expect(await mailsTo("host-removed-c@example.se")).toHaveLength(1);
  });

  it("refuses anyone but an admin", async () => {
    const db = getDb();
    const visitor = await sessionCookie({ admin: false });
    const event = await insertEvent(db, { title: "Skyddat quiz" });
    await insertUser("host-d", "d@example.se");
    await db.insert(eventHosts).values({ eventId: event.id, userId: "host-d" });
    const refused = await callRoute<Response>(hostsAction, request(event.id, visitor, "host-d"), {
      id: event.id,
    }).catch((thrown: unknown) => thrown);
    expect(refused).toMatchObject({ init: { status: 403 } });
    const still = await db
      .select()
      .from(eventHosts)
      .where(and(eq(eventHosts.eventId, event.id), eq(eventHosts.userId, "host-d")));
    expect(still).toHaveLength(1);
  });
});
