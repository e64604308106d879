import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, assert, beforeAll, describe, expect, it } from "vitest";
import { eventHosts, events, freshnessChecks, nightNotHeldReports, user } from "~/db/schema";
import { listStaleEvents } from "~/features/confirmations/confirmations.server";
import { NOT_HELD_ADDRESS_LIMIT, NOT_HELD_EVENT_LIMIT } from "~/features/confirmations/freshness";
import { runFreshnessChecks } from "~/features/confirmations/freshness.server";
import { signFreshnessLink } from "~/features/confirmations/freshness-token.server";
import { eventListCache, listEventPaths } from "~/features/events/public.server";
import { deliverDueMails } from "~/features/mail/delivery.server";
import { closeSmtpTransport } from "~/features/mail/transport.server";
import { type Db, getDb, openDatabase, queryRows } from "~/lib/db.server";
import { type Env, getEnv, parseEnv, setEnv } from "~/lib/env.server";
import { action as adminAction, loader as adminLoader } from "~/routes/admin/confirmations";
import { action as notHeldAction } from "~/routes/api/event-not-held";
import { loader as eventPageLoader } from "~/routes/public/city-slug";
import { action as linkAction, loader as linkLoader } from "~/routes/public/freshness-link";
import { sessionCookie } from "../support/admin-session";
import { callRoute } from "../support/call-route";
import { mailsTo } from "../support/delivered-mail";
import { insertEvent } from "../support/factories";
import { type SmtpPeer, startSmtpPeer } from "../support/smtp-peer";

/**
 * The freshness loop: the daily question to hosts (once per cycle, across runs and instances, through a real
 * SMTP peer), its signed links answered without a session, "Quizet har upphört" and the admin's decision, and
 * visitors' "Det blev inget".
 */
const DAY = 24 * 60 * 60 * 1000;
const original: Env = getEnv();
let adminCookie: string;
beforeAll(async () => {
  setEnv({ ...original, TEST_CLOCK: true });
  adminCookie = await sessionCookie({ admin: true });
});
afterAll(() => setEnv(original));

const peers: SmtpPeer[] = [];
afterEach(async () => {
  setEnv({ ...original, TEST_CLOCK: true });
  closeSmtpTransport();
  for (const peer of peers.splice(0)) await peer.close();
});

async function hostFor(eventId: string, email = `vard-${randomUUID().slice(0, 8)}@example.se`) {
  const id = `host-${randomUUID()}`;
  await getDb()
    .insert(user)
    .values({ id, name: "Värd", email, emailVerified: true, createdAt: new Date(), updatedAt: new Date() });
  await getDb().insert(eventHosts).values({ eventId, userId: id });
  return email;
}

/** Another handle on the test database: its own pool on PostgreSQL (a second instance), the same on PGlite. */
async function secondHandle(): Promise<{ db: Db; close: () => Promise<void> }> {
  const server = process.env.TEST_DATABASE_URL;
  if (!server) return { db: getDb(), close: async () => {} };
  const [row] = await queryRows<{ name: string }>(getDb(), sql`select current_database() as name`);
  const url = new URL(server);
  url.pathname = `/${row!.name}`;
  const handle = await openDatabase({ kind: "postgres", url: url.toString(), maxConnections: 4 });
  return { db: handle.db, close: handle.close };
}

const at = (now: Date) => ({ cookie: `quizkvall_now=${encodeURIComponent(now.toISOString())}` });

function linkRequest(token: string, now: Date, method: "GET" | "POST" = "GET") {
  return new Request(`${getEnv().publicUrl}/quizvard/stammer/${token}`, {
    method,
    headers: { ...at(now), ...(method === "POST" ? { origin: getEnv().publicUrl } : {}) },
  });
}

type LinkPage = { data: Record<string, unknown>; init: { status?: number } | null };
const openLink = (token: string, now: Date) =>
  callRoute<LinkPage>(linkLoader, linkRequest(token, now), { token });
const pressLink = (token: string, now: Date) =>
  callRoute<LinkPage>(linkAction, linkRequest(token, now, "POST"), { token });

async function eventRow(id: string) {
  const [row] = await getDb().select().from(events).where(eq(events.id, id));
  return row;
}

function adminPost(fields: Record<string, string>, now: Date) {
  return callRoute<unknown>(
    adminAction,
    new Request(`${getEnv().publicUrl}/admin/confirmations`, {
      method: "POST",
      headers: {
        cookie: `${adminCookie}; ${at(now).cookie}`,
        origin: getEnv().publicUrl,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams(fields).toString(),
    }),
  );
}

const linksIn = (text: string) => [...text.matchAll(/\/quizvard\/stammer\/([^\s"<>]+)/g)].map((m) => m[1]!);

describe("the daily freshness question", () => {
  it("mails each host once per cycle over SMTP, also when two instances run at once; a confirmation starts a new cycle", async () => {
    const smtp = await startSmtpPeer();
    peers.push(smtp);
    setEnv(
      parseEnv({
        NODE_ENV: "test",
        DATA_DIR: original.dataDir,
        PUBLIC_URL: original.publicUrl,
        SMTP_URL: smtp.url,
        TEST_CLOCK: "true",
      }),
    );
    const db = getDb();
    const created = new Date("2026-03-01T10:00:00Z");
    const hosted = await insertEvent(db, { title: "Frågvisa Fåret", createdAt: created });
    const first = await hostFor(hosted.id);
    const second = await hostFor(hosted.id);
    const fresh = await insertEvent(db, { createdAt: new Date("2026-04-20T10:00:00Z") });
    const freshHost = await hostFor(fresh.id);

    // Day 59 asks nobody about it; day 60 does.
    await runFreshnessChecks(db, new Date(created.getTime() + 59 * DAY));
    expect(await db.select().from(freshnessChecks).where(eq(freshnessChecks.eventId, hosted.id))).toEqual([]);

    const day61 = new Date(created.getTime() + 61 * DAY);
    const other = await secondHandle();
    try {
      const runs = await Promise.all([
        runFreshnessChecks(db, day61),
        runFreshnessChecks(other.db, day61),
        runFreshnessChecks(db, day61),
      ]);
      // One run claimed the question and queued both hosts' mails; the others found it claimed.
      expect(runs.reduce((n, r) => n + r.mailed, 0)).toBe(2);
      expect(runs.reduce((n, r) => n + r.asked, 0)).toBe(1);
    } finally {
      await other.close();
    }
    // The next day's run finds the question asked.
    await runFreshnessChecks(db, new Date(day61.getTime() + DAY));
    await deliverDueMails(getDb());
    const toHosts = smtp.received.filter((m) => m.to.includes(first) || m.to.includes(second));
    expect(toHosts.map((m) => m.to[0]).sort()).toEqual([first, second].sort());
    expect(smtp.received.some((m) => m.to.includes(freshHost))).toBe(false);
    const mail = toHosts[0]!;
    expect(mail.raw).toContain("Subject: =?UTF-8?Q?St=C3=A4mmer_ert_quiz_fortfarande=3F?=");
    expect(mail.text).toContain("Ja, det stämmer");
    expect(mail.text).toContain("Quizet har upphört");
    expect(mail.text).toContain(`/quizvard/${hosted.id}`);
    const [yes, ended] = linksIn(mail.text);
    assert(yes && ended);

    // "Ja, det stämmer" without a session: the GET shows a button and changes nothing, the POST confirms.
    const later = new Date(day61.getTime() + 2 * DAY);
    expect(await openLink(yes, later)).toMatchObject({ data: { purpose: "confirm" } });
    expect((await eventRow(hosted.id))?.lastConfirmedAt).toEqual(created);
    expect(await pressLink(yes, later)).toMatchObject({ data: { done: "confirmed" } });
    expect((await eventRow(hosted.id))?.lastConfirmedAt).toEqual(later);
    // Either link of that mail is now used.
    expect(await pressLink(yes, later)).toMatchObject({ data: { refused: "used" }, init: { status: 410 } });
    expect(await openLink(ended, later)).toMatchObject({ data: { refused: "used" } });
    expect((await eventRow(hosted.id))?.endedReportedAt).toBeNull();

    // A new cycle: asked again 60 days after the confirmation, not before.
    const before = smtp.received.length;
    await runFreshnessChecks(db, new Date(later.getTime() + 59 * DAY));
    await deliverDueMails(getDb());
    expect(smtp.received.slice(before).filter((m) => m.to.includes(first))).toHaveLength(0);
    await runFreshnessChecks(db, new Date(later.getTime() + 60 * DAY));
    await deliverDueMails(getDb());
    expect(smtp.received.slice(before).filter((m) => m.to.includes(first))).toHaveLength(1);
  });

  it("records an event without a host for the admin's list instead of mailing anyone", async () => {
    const db = getDb();
    const created = new Date("2026-01-01T10:00:00Z");
    const orphan = await insertEvent(db, { createdAt: created });
    const now = new Date(created.getTime() + 61 * DAY);
    await runFreshnessChecks(db, now);
    const [check] = await db.select().from(freshnessChecks).where(eq(freshnessChecks.eventId, orphan.id));
    expect(check).toMatchObject({ mailed: 0, answer: null });
    const listed = (await listStaleEvents(db, now)).find((e) => e.id === orphan.id);
    expect(listed).toMatchObject({ hasHost: false, endedReportedAt: null });
    // A hosted one is the host's to answer until 120 days.
    const hosted = await insertEvent(db, { createdAt: created });
    await hostFor(hosted.id);
    expect((await listStaleEvents(db, now)).some((e) => e.id === hosted.id)).toBe(false);
    const day120 = new Date(created.getTime() + 120 * DAY);
    expect((await listStaleEvents(db, day120)).some((e) => e.id === hosted.id)).toBe(true);
  });
});

describe("the mail's links", () => {
  it("refuse tampered, expired, purpose-swapped and deleted-event links with a Swedish page, never a 500", async () => {
    const db = getDb();
    const created = new Date("2026-02-01T10:00:00Z");
    const event = await insertEvent(db, { createdAt: created });
    await hostFor(event.id);
    const asked = new Date(created.getTime() + 60 * DAY);
    await runFreshnessChecks(db, asked);
    const token = signFreshnessLink({ purpose: "confirm", eventId: event.id, cycle: created }, asked);
    const tampered = `${token.slice(0, -2)}xx`;
    expect(await openLink(tampered, asked)).toMatchObject({
      data: { refused: "invalid" },
      init: { status: 410 },
    });
    expect(await pressLink(tampered, asked)).toMatchObject({ data: { refused: "invalid" } });
    expect(await pressLink("inte-en-länk", asked)).toMatchObject({ data: { refused: "invalid" } });
    const expiredAt = new Date(asked.getTime() + 31 * DAY);
    expect(await openLink(token, expiredAt)).toMatchObject({ data: { refused: "expired" } });
    expect(await pressLink(token, expiredAt)).toMatchObject({ data: { refused: "expired" } });
    expect((await eventRow(event.id))?.lastConfirmedAt).toEqual(created);
    // A link about a cycle nobody asked about (a made-up one) does nothing.
    const madeUp = signFreshnessLink({ purpose: "confirm", eventId: event.id, cycle: new Date(0) }, asked);
    expect(await pressLink(madeUp, asked)).toMatchObject({ data: { refused: "used" } });
    // Gone: the event was deleted since.
    await db.delete(events).where(eq(events.id, event.id));
    expect(await pressLink(token, asked)).toMatchObject({ data: { refused: "gone" } });
  });

  it("'Quizet har upphört' takes the event off the listings until an admin restores it; Ta bort deletes", async () => {
    const db = getDb();
    const created = new Date("2026-05-01T10:00:00Z");
    const event = await insertEvent(db, { title: "Upphört Quiz", createdAt: created });
    await hostFor(event.id);
    const asked = new Date(created.getTime() + 60 * DAY);
    await runFreshnessChecks(db, asked);
    const ended = signFreshnessLink({ purpose: "ended", eventId: event.id, cycle: created }, asked);
    expect(await openLink(ended, asked)).toMatchObject({ data: { purpose: "ended" } });
    expect((await eventRow(event.id))?.endedReportedAt).toBeNull();
    expect(await pressLink(ended, asked)).toMatchObject({ data: { done: "ended" } });
    expect((await eventRow(event.id))?.endedReportedAt).toEqual(asked);

    const listed = async () =>
      (await eventListCache.listingAt(db, asked)).views.some((e) => e.id === event.id);
    const inSitemap = async () => (await listEventPaths(db)).some((p) => p.slug === event.slug);
    expect(await listed()).toBe(false);
    expect(await inSitemap()).toBe(false);
    // The event page says so rather than 404.
    const page = await callRoute<Record<string, unknown>>(
      eventPageLoader,
      new Request(`${getEnv().publicUrl}/quiz/goteborg/${event.slug}`, { headers: at(asked) }),
      { city: "goteborg", slug: event.slug },
    );
    expect(page).toMatchObject({ kind: "ended", title: "Upphört Quiz" });
    // The admin sees it first in "Att bekräfta".
    const queue = await callRoute<{ events: { id: string; endedReportedAt: string | null }[] }>(
      adminLoader,
      new Request(`${getEnv().publicUrl}/admin/confirmations`, {
        headers: { cookie: `${adminCookie}; ${at(asked).cookie}` },
      }),
    );
    expect(queue.events[0]).toMatchObject({ id: event.id, endedReportedAt: asked.toISOString() });

    expect(await adminPost({ eventId: event.id, intent: "restore" }, asked)).toEqual({ restored: event.id });
    expect(await listed()).toBe(true);
    expect(await inSitemap()).toBe(true);
    expect((await eventRow(event.id))?.lastConfirmedAt).toEqual(asked);
    expect(await adminPost({ eventId: event.id, intent: "restore" }, asked)).toMatchObject({
      init: { status: 404 },
    });
    expect(await adminPost({ eventId: event.id, intent: "nonsens" }, asked)).toMatchObject({
      init: { status: 400 },
    });

    await db.update(events).set({ endedReportedAt: asked }).where(eq(events.id, event.id));
    expect(await adminPost({ eventId: event.id, intent: "delete" }, asked)).toEqual({ deleted: event.id });
    expect(await eventRow(event.id)).toBeUndefined();
  });
});

describe("Det blev inget", () => {
  // A Tuesday quiz at 19:00 Stockholm; Tuesday 1 December 2026 is one of its nights.
  const night = new Date("2026-12-01T19:30:00Z");
  const dayAfter = new Date("2026-12-02T09:00:00Z");
  let ip = 0;
  function report(eventId: string, visitorId: unknown, now: Date, clientIp = `10.9.0.${++ip}`) {
    return callRoute(
      notHeldAction,
      new Request(`http://localhost/api/events/${eventId}/not-held`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-quizkvall-client-ip": clientIp, ...at(now) },
        body: JSON.stringify({ visitorId }),
      }),
      { eventId },
    );
  }
  const tuesday = () =>
    insertEvent(getDb(), {
      weekday: "Tisdag",
      time: "19:00",
      recurrenceAnchor: "2026-11-03",
      createdAt: new Date("2026-11-01T10:00:00Z"),
    });

  it("is stored once per visitor and night, mailed to the hosts once a night, and shows in the admin queue", async () => {
    const event = await tuesday();
    const host = await hostFor(event.id);
    const first = await report(event.id, "besok-1", dayAfter);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ status: "accepted" });
    expect(await (await report(event.id, "besok-1", dayAfter)).json()).toEqual({ status: "already" });
    expect(await (await report(event.id, "besok-2", night)).json()).toEqual({ status: "accepted" });
    const rows = await getDb()
      .select()
      .from(nightNotHeldReports)
      .where(eq(nightNotHeldReports.eventId, event.id));
    expect(rows.map((r) => [r.occurrenceDate, r.visitorId]).sort()).toEqual([
      ["2026-12-01", "besok-1"],
      ["2026-12-01", "besok-2"],
    ]);
    const mails = await mailsTo(host);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("inte blev av tisdag 1 december");
    expect(mails[0]!.text).toContain(`/quizvard/${event.id}`);

    const entry = (await listStaleEvents(getDb(), dayAfter)).find((e) => e.id === event.id);
    expect(entry).toMatchObject({ notHeld: 2, notHeldNight: "2026-12-01" });
    // The admin's "Bekräfta" deals with them.
    expect(await adminPost({ eventId: event.id }, dayAfter)).toEqual({ confirmed: event.id });
    expect((await listStaleEvents(getDb(), dayAfter)).some((e) => e.id === event.id)).toBe(false);
  });

  it("answers bad input, unknown events and other days with Swedish 4xx JSON", async () => {
    const event = await tuesday();
    const bad = await report(event.id, "ÅÄÖ <script>", dayAfter);
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toMatch(/Besökar-id/);
    const unknown = await report(randomUUID(), "besok", dayAfter);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: "Eventet finns inte." });
    const early = await report(event.id, "besok", new Date("2026-12-01T17:00:00Z"));
    expect(early.status).toBe(409);
    expect((await early.json()).error).toMatch(/dagen efter/);
  });

  it("is limited per address and per night", async () => {
    const byAddress = await tuesday();
    for (let i = 0; i < NOT_HELD_ADDRESS_LIMIT.limit; i++)
      expect((await report(byAddress.id, `adr-${i}`, dayAfter, "10.10.0.1")).status).toBe(200);
    const refused = await report(byAddress.id, "adr-extra", dayAfter, "10.10.0.1");
    expect(refused.status).toBe(429);
    expect((await refused.json()).error).toBe("För många rapporter. Försök igen om en stund.");
    expect(refused.headers.get("retry-after")).toBeTruthy();

    const byNight = await tuesday();
    for (let i = 0; i < NOT_HELD_EVENT_LIMIT.limit; i++)
      expect((await report(byNight.id, `natt-${i}`, dayAfter, `10.11.${i}.1`)).status).toBe(200);
    expect((await report(byNight.id, "natt-extra", dayAfter, "10.12.0.1")).status).toBe(429);
    const stored = await getDb()
      .select()
      .from(nightNotHeldReports)
      .where(eq(nightNotHeldReports.eventId, byNight.id));
    expect(stored).toHaveLength(NOT_HELD_EVENT_LIMIT.limit);
  });
});
