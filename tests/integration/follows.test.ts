import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { events, listRecipients, listSubscriptions, mailOutbox } from "~/db/schema";
import { cityCalendar, eventCalendar } from "~/features/event-calendar/calendar.server";
import { saveException } from "~/features/event-nights/event-exceptions.server";
import { createEvent } from "~/features/events/public.server";
import { withFollowerAlerts } from "~/features/follows/alerts.server";
import { runListMail } from "~/features/follows/list-jobs.server";
import { personalFeedCalendar } from "~/features/follows/personal-feed.server";
import { mailLeaguesOf } from "~/features/follows/subscription-leagues.server";
import {
  confirmList,
  endLists,
  listsOfRecipient,
  requestList,
  unsubscribe,
} from "~/features/follows/subscriptions.server";
import { createLeague } from "~/features/leagues/leagues.server";
import { deliverDueMails } from "~/features/mail/delivery.server";
import { closeSmtpTransport } from "~/features/mail/transport.server";
import { type Db, getDb, openDatabase, queryRows } from "~/lib/db.server";
import { type Env, getEnv, parseEnv, setEnv } from "~/lib/env.server";
import { action as editorAction } from "~/routes/admin/events-editor";
import { action as followAction } from "~/routes/api/follows";
import { action as myQuizzesAction } from "~/routes/api/my-quizzes";
import { action as subscriptionAction } from "~/routes/api/subscriptions";
import { loader as feedLoader } from "~/routes/feeds/my-quizzes-ics";
import { action as myListsAction } from "~/routes/public/lists/my-lists";
import { action as signupAction } from "~/routes/public/lists/new";
import { loader as unsubscribeLoader } from "~/routes/public/lists/unsubscribe";
import { action as oneClickAction } from "~/routes/public/lists/unsubscribe-link";
import { sessionCookie } from "../support/admin-session";
import { callRoute } from "../support/call-route";
import { insertQuiz, SYSTEM_ACTOR } from "../support/factories";
import { formData } from "../support/form-data";
import { type OutboxMail, outboxFor } from "../support/outbox";
import { type SmtpPeer, startSmtpPeer } from "../support/smtp-peer";
import { freePort } from "../support/spawn-server";

const quiet = pino({ level: "silent" });
// Friday 4 December 2026: a weekly Friday quiz at 19:00 Stockholm (18:00 UTC).
const REQUESTED = new Date("2026-11-30T09:00:00Z");
const FRIDAY_MORNING = new Date("2026-12-04T09:00:00Z");
const FRIDAY_NOON = new Date("2026-12-04T11:05:00Z");
const FRIDAY_NIGHT = new Date("2026-12-04T18:30:00Z");

// biome-ignore lint/suspicious/noExplicitAny: route handlers are called directly with what they read
const call = (fn: (args: any) => any, request: Request, params: Record<string, string> = {}) =>
  Promise.resolve(fn({ request, params, context: {} })) as Promise<Response>;

function post(path: string, body: unknown, ip: string) {
  return new Request(`http://localhost:3000${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-quizkvall-client-ip": ip },
    body: JSON.stringify(body),
  });
}

/**
 * Delivers what is due to DATA_DIR/outbox and reads one recipient's mails, oldest first. Requests are
 * queued at the test's times; the jobs queue their mail at the real moment (their `now` only decides what
 * is due), so both are delivered: what is due now, then what is due at `at`.
 */
async function mailsAt(to: string, at: Date): Promise<OutboxMail[]> {
  await deliverDueMails(getDb(), { now: () => new Date(), logger: quiet });
  await deliverDueMails(getDb(), { now: () => at, logger: quiet });
  return outboxFor(getEnv().dataDir, to);
}

/** The one mail whose text has `words`. */
function mailWith(mails: OutboxMail[], words: string): OutboxMail {
  const found = mails.filter((m) => m.text.includes(words));
  expect(found).toHaveLength(1);
  return found[0]!;
}

const linkIn = (mail: OutboxMail, kind: "bekrafta" | "avsluta") =>
  new RegExp(`https?://\\S+/utskick/${kind}/([A-Za-z0-9_-]+)`).exec(mail.text)?.[1] ?? "";

async function fridayQuiz(db: Db = getDb()) {
  return createEvent(db, {
    title: `Fredagsquiz ${Math.random().toString(36).slice(2, 8)}`,
    city: "Göteborg",
    locationName: "Testkrogen",
    startTime: new Date("2026-11-27T18:00:00Z"),
    recurrence: "weekly",
    recurrenceAnchor: "2026-11-27",
  });
}

async function confirmedFollower(email: string, eventId: string) {
  await requestList(getDb(), { email, topic: "event", eventId }, REQUESTED);
  const [confirm] = await mailsAt(email, REQUESTED);
  expect(confirm?.text).toContain("Öppna länken för att bekräfta");
  expect((await confirmList(getDb(), linkIn(confirm!, "bekrafta"), REQUESTED)).status).toBe("confirmed");
}

let original: Env;
const peers: SmtpPeer[] = [];
beforeEach(() => {
  original = getEnv();
});
afterEach(async () => {
  setEnv(original);
  closeSmtpTransport();
  for (const peer of peers.splice(0)) await peer.close();
});

describe("asking for list mail", () => {
  it("answers 202 whatever the address, refuses a malformed one with a Swedish 400 and an unknown event with 404", async () => {
    const event = await fridayQuiz();
    const ok = await call(
      followAction,
      post("/api/follows", { eventId: event.id, email: " Ny@Example.se " }, "10.1.0.1"),
    );
    expect(ok.status).toBe(202);
    expect(await ok.json()).toMatchObject({ ok: true });
    const again = await call(
      followAction,
      post("/api/follows", { eventId: event.id, email: "ny@example.se" }, "10.1.0.1"),
    );
    expect(again.status).toBe(202);
    for (const email of ["inte en adress", "a@b", "<x@example.se>", "x@exa\nmple.se", ""]) {
      const bad = await call(followAction, post("/api/follows", { eventId: event.id, email }, "10.1.0.1"));
      expect(bad.status).toBe(400);
      expect((await bad.json()).error).toBe("Ange en giltig e-postadress.");
    }
    const unknown = await call(
      followAction,
      post(
        "/api/follows",
        { eventId: "00000000-0000-4000-8000-000000000000", email: "ny@example.se" },
        "10.1.0.1",
      ),
    );
    expect(unknown.status).toBe(404);
    const quiz = await call(
      subscriptionAction,
      post("/api/subscriptions", { email: "ny@example.se", topic: "nutidsquiz" }, "10.1.0.1"),
    );
    expect(quiz.status).toBe(202);
    const otherTopic = await call(
      subscriptionAction,
      post("/api/subscriptions", { email: "ny@example.se", topic: "sport" }, "10.1.0.1"),
    );
    expect(otherTopic.status).toBe(400);
    const rows = await getDb()
      .select()
      .from(listSubscriptions)
      .where(eq(listSubscriptions.email, "ny@example.se"));
    expect(rows.map((r) => r.topic).sort()).toEqual(["event", "nutidsquiz"]);
    expect(rows.every((r) => r.confirmedAt === null)).toBe(true);
  });

  it("caps repeated requests for one address: 12 follows mail it 3 confirmations an hour, 6 a day", async () => {
    const events = await Promise.all(Array.from({ length: 4 }, () => fridayQuiz()));
    const email = "floden@example.se";
    for (let i = 0; i < 12; i++)
      await requestList(
        getDb(),
        { email, topic: "event", eventId: events[i % 4]!.id },
        new Date(REQUESTED.getTime() + i * 1000),
      );
    expect(await mailsAt(email, new Date(REQUESTED.getTime() + 60_000))).toHaveLength(3);
    for (let hour = 1; hour <= 4; hour++)
      for (let i = 0; i < 4; i++)
        await requestList(
          getDb(),
          { email, topic: "event", eventId: events[i]!.id },
          new Date(REQUESTED.getTime() + hour * 3_700_000 + i * 1000),
        );
    expect(await mailsAt(email, new Date(REQUESTED.getTime() + 5 * 3_700_000))).toHaveLength(6);
  });

  it("sends nothing but the confirmation to an unconfirmed address; a tampered or expired link is refused", async () => {
    const event = await fridayQuiz();
    const email = "obekraftad@example.se";
    await requestList(getDb(), { email, topic: "event", eventId: event.id }, REQUESTED);
    await runListMail(getDb(), FRIDAY_NOON);
    const mails = await mailsAt(email, FRIDAY_NOON);
    expect(mails).toHaveLength(1);
    const token = linkIn(mails[0]!, "bekrafta");
    expect((await confirmList(getDb(), `${token}x`, REQUESTED)).status).toBe("invalid");
    expect((await confirmList(getDb(), token, new Date(REQUESTED.getTime() + 8 * 86_400_000))).status).toBe(
      "expired",
    );
    // After its week the request is forgotten, address and all.
    await runListMail(getDb(), new Date(REQUESTED.getTime() + 8 * 86_400_000));
    expect(await getDb().select().from(listRecipients).where(eq(listRecipients.email, email))).toEqual([]);
  });
});

describe("reminders and alerts", () => {
  it("reminds nobody of a quiz reported as ended", async () => {
    const event = await fridayQuiz();
    const email = "avslutad@example.se";
    await confirmedFollower(email, event.id);
    await getDb().update(events).set({ endedReportedAt: REQUESTED }).where(eq(events.id, event.id));
    await runListMail(getDb(), FRIDAY_NOON);
    const mails = await mailsAt(email, FRIDAY_NOON);
    expect(mails.filter((m) => m.text.includes("har quiz ikväll"))).toEqual([]);
    expect(mails).toHaveLength(1);
  });

  it("reminds a confirmed follower once on the night's day, with one-click unsubscribe headers", async () => {
    const event = await fridayQuiz();
    const email = "foljare@example.se";
    await confirmedFollower(email, event.id);
    await runListMail(getDb(), FRIDAY_MORNING);
    expect(await mailsAt(email, FRIDAY_MORNING)).toHaveLength(1);
    await runListMail(getDb(), FRIDAY_NOON);
    await runListMail(getDb(), new Date(FRIDAY_NOON.getTime() + 5 * 60_000));
    await runListMail(getDb(), FRIDAY_NIGHT);
    const mails = await mailsAt(email, FRIDAY_NIGHT);
    expect(mails).toHaveLength(2);
    const reminder = mailWith(mails, "har quiz ikväll");
    expect(reminder.raw).toMatch(/^List-Unsubscribe:\s+<http:\/\/\S+\/utskick\/avsluta\/[A-Za-z0-9_-]+>/m);
    expect(reminder.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    expect(reminder.text).toContain(`/utskick/avsluta/${linkIn(reminder, "avsluta")}`);
    expect(reminder.text).toMatch(/Mina utskick.*\/utskick\/[A-Za-z0-9_-]+/);
    expect(reminder.text).toContain("fredag 4 december kl. 19:00");
  });

  it("reminds of a quiz starting before 14:00 two hours before it starts, not at noon", async () => {
    const lunch = await createEvent(getDb(), {
      title: `Lunchquiz ${Math.random().toString(36).slice(2, 8)}`,
      city: "Göteborg",
      locationName: "Testkrogen",
      startTime: new Date("2026-11-28T12:00:00Z"),
      recurrence: "weekly",
      recurrenceAnchor: "2026-11-28",
    });
    const email = "lunchfoljare@example.se";
    await confirmedFollower(email, lunch.id);
    // Saturday 5 December, 13:00 in Stockholm: due at 11:00 there (10:00 UTC).
    const saturday = (utc: string) => new Date(`2026-12-05T${utc}:00Z`);
    await runListMail(getDb(), saturday("09:55"));
    expect(await mailsAt(email, saturday("09:55"))).toHaveLength(1);
    await runListMail(getDb(), saturday("10:00"));
    expect(await mailsAt(email, saturday("10:00"))).toHaveLength(2);
  });

  it("the reminder says where: the street address and the map the event page links, in text and HTML", async () => {
    const db = getDb();
    const withStreet = await createEvent(db, {
      title: `Gatuquiz ${Math.random().toString(36).slice(2, 8)}`,
      city: "Göteborg",
      locationName: "Testkrogen",
      streetAddress: "Kompassrosgatan 12",
      startTime: new Date("2026-11-27T18:00:00Z"),
      recurrence: "weekly",
      recurrenceAnchor: "2026-11-27",
    });
    const withOwnMap = await createEvent(db, {
      title: `Kartquiz ${Math.random().toString(36).slice(2, 8)}`,
      city: "Göteborg",
      locationName: "Kartkrogen",
      locationAddress: "https://maps.example/kartkrogen?x=1&y=2",
      startTime: new Date("2026-11-27T18:00:00Z"),
      recurrence: "weekly",
      recurrenceAnchor: "2026-11-27",
    });
    await confirmedFollower("gata@example.se", withStreet.id);
    await confirmedFollower("karta@example.se", withOwnMap.id);
    await runListMail(db, FRIDAY_NOON);

    const street = mailWith(await mailsAt("gata@example.se", FRIDAY_NOON), "har quiz ikväll");
    const search =
      "https://www.google.com/maps/search/?api=1&query=Testkrogen%2C%20Kompassrosgatan%2012%2C%20G%C3%B6teborg";
    expect(street.text).toContain(`på Testkrogen.\nAdress: Kompassrosgatan 12, Göteborg\nKarta: ${search}\n`);
    expect(street.text).toContain(
      `Adress: Kompassrosgatan 12, Göteborg · <a href="${search.replace(/&/g, "&amp;")}" style="color:#b45309">Visa på karta</a>`,
    );

    const ownMap = mailWith(await mailsAt("karta@example.se", FRIDAY_NOON), "har quiz ikväll");
    expect(ownMap.text).not.toContain("Adress:");
    expect(ownMap.text).toContain("Karta: https://maps.example/kartkrogen?x=1&y=2\n");
    expect(ownMap.text).toContain(
      '<a href="https://maps.example/kartkrogen?x=1&amp;y=2" style="color:#b45309">Visa på karta</a>',
    );
  });

  it("never reminds of a cancelled night; the cancellation alerts in the same transaction", async () => {
    const event = await fridayQuiz();
    const email = "installt@example.se";
    await confirmedFollower(email, event.id);
    const saved = await withFollowerAlerts(getDb(), event.id, FRIDAY_MORNING, (tx) =>
      saveException(
        tx,
        event.id,
        { kind: "cancelled", date: "2026-12-04", note: "Julfest" },
        SYSTEM_ACTOR,
        FRIDAY_MORNING,
      ),
    );
    expect(saved).toEqual({ ok: true });
    // A change that fails rolls its alert back with it.
    await expect(
      withFollowerAlerts(getDb(), event.id, FRIDAY_MORNING, async (tx) => {
        await saveException(
          tx,
          event.id,
          { kind: "cancelled", date: "2026-12-11", note: null },
          SYSTEM_ACTOR,
          FRIDAY_MORNING,
        );
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    await runListMail(getDb(), FRIDAY_NOON);
    const mails = await mailsAt(email, FRIDAY_NOON);
    expect(mails).toHaveLength(2);
    const alert = mailWith(mails, "Inställt: fredag 4 december kl. 19:00 (Julfest)");
    expect(alert.text).not.toContain("11 december");
    expect(alert.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
  });

  it("alerts of a moved night; an unfollowed event's change queues nothing", async () => {
    const event = await fridayQuiz();
    const lone = await fridayQuiz();
    const email = "flytt@example.se";
    await confirmedFollower(email, event.id);
    await withFollowerAlerts(getDb(), event.id, FRIDAY_MORNING, (tx) =>
      tx.execute(sql`update events set start_time = '2026-11-27T19:30:00Z' where id = ${event.id}`),
    );
    await withFollowerAlerts(getDb(), lone.id, FRIDAY_MORNING, (tx) =>
      tx.execute(sql`update events set start_time = '2026-11-27T19:30:00Z' where id = ${lone.id}`),
    );
    const alert = mailWith(
      await mailsAt(email, FRIDAY_MORNING),
      "Går inte längre: fredag 4 december kl. 19:00",
    );
    expect(alert.text).toContain("Ny tid: fredag 4 december kl. 20:30");
    const [{ n }] = (await queryRows<{ n: number }>(
      getDb(),
      sql`select count(*)::int as n from mail_outbox where kind = 'event-alert' and recipient = ${email}`,
    )) as [{ n: number }];
    expect(n).toBe(1);
  });

  it("the event editor's action (the admin's dates editor) alerts followers of the night it cancels", async () => {
    setEnv({ ...original, TEST_CLOCK: true });
    const event = await fridayQuiz();
    const email = "redigerare@example.se";
    await confirmedFollower(email, event.id);
    const form = new FormData();
    for (const [k, v] of Object.entries({
      intent: "save-exception",
      kind: "cancelled",
      date: "2026-12-04",
      note: "Stängt",
    }))
      form.append(k, v);
    const origin = original.publicUrl;
    const cookie = `${await sessionCookie({ admin: true })}; quizkvall_now=${FRIDAY_MORNING.toISOString()}`;
    const request = new Request(`${origin}/admin/events/${event.id}/edit`, {
      method: "POST",
      body: form,
      headers: { cookie, origin },
    });
    const run = editorAction as unknown as (args: object) => Promise<{ init: { status: number } }>;
    expect((await run({ request, params: { id: event.id }, context: {} })).init.status).toBe(200);
    const alert = mailWith(
      await mailsAt(email, FRIDAY_MORNING),
      "Inställt: fredag 4 december kl. 19:00 (Stängt)",
    );
    expect(alert.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
  });

  it("the dates editor's Spara (a cancelled night and a break at once) alerts followers once, with the note", async () => {
    setEnv({ ...original, TEST_CLOCK: true });
    const event = await fridayQuiz();
    const email = "uppehall@example.se";
    await confirmedFollower(email, event.id);
    const form = new FormData();
    for (const [k, v] of [
      ["intent", "save-dates"],
      ["cancelDate", "2026-12-04"],
      ["cancelNote", "Stängt"],
      ["breakFrom", "2026-12-14"],
      ["breakTo", "2027-01-10"],
      ["breakNote", "Jullov"],
    ])
      form.append(k!, v!);
    const origin = original.publicUrl;
    const cookie = `${await sessionCookie({ admin: true })}; quizkvall_now=${FRIDAY_MORNING.toISOString()}`;
    const request = new Request(`${origin}/admin/events/${event.id}/edit`, {
      method: "POST",
      body: form,
      headers: { cookie, origin },
    });
    const run = editorAction as unknown as (args: object) => Promise<{ init: { status: number } }>;
    expect((await run({ request, params: { id: event.id }, context: {} })).init.status).toBe(200);
    const mails = (await mailsAt(email, FRIDAY_MORNING)).filter((m) => m.text.includes("Inställt"));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("Inställt: fredag 4 december kl. 19:00 (Stängt)");
    expect(mails[0]!.text).toContain("Går inte längre: fredag 18 december kl. 19:00");
    expect(mails[0]!.text).toContain("Går inte längre: fredag 25 december kl. 19:00");
  });

  it("unsubscribing stops further mail, twice is harmless, and the last list takes the address with it", async () => {
    const event = await fridayQuiz();
    const email = "slut@example.se";
    await confirmedFollower(email, event.id);
    await requestList(getDb(), { email, topic: "nutidsquiz", eventId: null }, REQUESTED);
    const [row] = await getDb()
      .select()
      .from(listSubscriptions)
      .where(eq(listSubscriptions.eventId, event.id));
    expect(await unsubscribe(getDb(), row!.unsubscribeToken)).toBe(true);
    expect(await unsubscribe(getDb(), row!.unsubscribeToken)).toBe(false);
    await runListMail(getDb(), FRIDAY_NOON);
    expect(await mailsAt(email, FRIDAY_NOON)).toHaveLength(2);
    const [recipient] = await getDb().select().from(listRecipients).where(eq(listRecipients.email, email));
    const lists = await listsOfRecipient(getDb(), recipient!.manageToken);
    expect(lists?.lists.map((l) => l.name)).toEqual(["veckans NutidsQuiz"]);
    expect(await endLists(getDb(), recipient!.manageToken, null)).toBe(true);
    expect(await listsOfRecipient(getDb(), recipient!.manageToken)).toBeNull();
    expect(await getDb().select().from(listSubscriptions).where(eq(listSubscriptions.email, email))).toEqual(
      [],
    );
  });
});

describe("the pages a list mail links to", () => {
  it("ends everything only when asked to: a post without a list id is a Swedish 400 and keeps the lists", async () => {
    const event = await fridayQuiz();
    const email = "mina-utskick@example.se";
    await confirmedFollower(email, event.id);
    const [recipient] = await getDb().select().from(listRecipients).where(eq(listRecipients.email, email));
    const token = recipient!.manageToken;
    const post = (fields: Record<string, string>) =>
      callRoute<{ data: { formError?: string }; init: { status: number } }>(
        myListsAction,
        new Request(`http://localhost:3000/utskick/${token}`, { method: "POST", body: formData(fields) }),
        { token },
      );
    const refusals: Record<string, string>[] = [
      {},
      { list: "" },
      { list: "inte-ett-id" },
      { intent: "allt" },
    ];
    for (const fields of refusals) {
      const refused = await post(fields);
      expect(refused.init.status).toBe(400);
      expect(refused.data.formError).toBe("Okänt utskick.");
    }
    expect((await listsOfRecipient(getDb(), token))?.lists).toHaveLength(1);
    expect(await post({ intent: "all" })).toEqual({ ok: true, ended: "all", league: null });
    expect(await listsOfRecipient(getDb(), token)).toBeNull();
  });

  it("an unsubscribe link that names no list opens the invalid-link page (404); its one-click POST is answered 200", async () => {
    type Answer = {
      data: { list?: unknown; done?: boolean; message?: string };
      init: { status: number; headers?: HeadersInit };
    };
    const url = "http://localhost:3000/utskick/avsluta/okand-nyckel";
    const opened = await callRoute<Answer>(unsubscribeLoader, new Request(url), { token: "okand-nyckel" });
    expect(opened.init.status).toBe(404);
    expect(opened.data.list).toBeNull();
    expect(new Headers(opened.init.headers).get("cache-control")).toBe("no-store");
    const posted = await callRoute(
      oneClickAction,
      new Request(url, { method: "POST", body: formData({ "List-Unsubscribe": "One-Click" }) }),
      { token: "okand-nyckel" },
    );
    expect(posted.status).toBe(200);
    expect(await posted.json()).toEqual({
      done: true,
      message: "Du är avregistrerad. Vi skickar inga fler sådana mejl till dig.",
    });
  });
});

describe("the weekly NutidsQuiz by mail", () => {
  it("mails a published week's quiz once to confirmed subscribers, with a link to play", async () => {
    const email = "nutid@example.se";
    const unconfirmed = "nutid-ej@example.se";
    await requestList(getDb(), { email, topic: "nutidsquiz", eventId: null }, REQUESTED);
    await requestList(getDb(), { email: unconfirmed, topic: "nutidsquiz", eventId: null }, REQUESTED);
    const [confirm] = await mailsAt(email, REQUESTED);
    await confirmList(getDb(), linkIn(confirm!, "bekrafta"), REQUESTED);
    const publishedAt = new Date("2026-12-06T07:00:00Z");
    const quiz = await insertQuiz(getDb(), {
      title: "NutidsQuiz vecka 49",
      category: "NutidsQuiz",
      week: { weekYear: 2026, week: 49 },
      publishedAt,
    });
    expect((await runListMail(getDb(), new Date("2026-12-06T06:55:00Z"))).quizIssue).toBe(0);
    expect((await runListMail(getDb(), new Date("2026-12-06T07:05:00Z"))).quizIssue).toBe(1);
    expect((await runListMail(getDb(), new Date("2026-12-06T07:10:00Z"))).quizIssue).toBe(0);
    const mails = await mailsAt(email, new Date("2026-12-06T07:10:00Z"));
    expect(mails).toHaveLength(2);
    expect(mailWith(mails, `/veckans-nutidsquiz/spela/${quiz.id}`).raw).toMatch(
      /^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m,
    );
    expect(await mailsAt(unconfirmed, new Date("2026-12-06T07:10:00Z"))).toHaveLength(1);
  });

  it("links the Kompisligor the subscriber added on Mina utskick, and only theirs", async () => {
    const email = "liga-mejl@example.se";
    const other = "utan-liga@example.se";
    for (const address of [email, other]) {
      await requestList(getDb(), { email: address, topic: "nutidsquiz", eventId: null }, REQUESTED);
      const [confirm] = await mailsAt(address, REQUESTED);
      await confirmList(getDb(), linkIn(confirm!, "bekrafta"), REQUESTED);
    }
    const [recipient] = await getDb().select().from(listRecipients).where(eq(listRecipients.email, email));
    const token = recipient!.manageToken;
    const { code } = await createLeague(getDb(), {
      name: "Släkten",
      nickname: "Moster",
      visitorId: "v-moster",
    });
    const origin = getEnv().publicUrl;
    const add = (league: string) =>
      callRoute<{ data: { fieldErrors: Record<string, string> }; init?: { status: number } }>(
        myListsAction,
        new Request(`${origin}/utskick/${token}`, {
          method: "POST",
          body: formData({ intent: "add-league", league }),
        }),
        { token },
      );
    expect((await add("https://example.se/inte-en-liga")).data.fieldErrors.league).toBe(
      "Hittar ingen liga med den länken. Klistra in länken från ligans sida.",
    );
    expect(await add(`${origin}/veckans-nutidsquiz/liga/${code}`)).toMatchObject({
      ok: true,
      league: "Släkten finns nu med i veckans mejl.",
    });
    // Twice is once.
    await add(code);
    expect((await mailLeaguesOf(getDb(), token))?.map((l) => l.name)).toEqual(["Släkten"]);

    const publishedAt = new Date("2026-12-13T07:00:00Z");
    await insertQuiz(getDb(), {
      title: "NutidsQuiz vecka 50",
      category: "NutidsQuiz",
      week: { weekYear: 2026, week: 50 },
      publishedAt,
    });
    expect((await runListMail(getDb(), new Date("2026-12-13T07:05:00Z"))).quizIssue).toBeGreaterThanOrEqual(
      2,
    );
    const at = new Date("2026-12-13T07:10:00Z");
    const mail = mailWith(await mailsAt(email, at), "NutidsQuiz vecka 50");
    expect(mail.text).toContain(`Dina kompisligor:\nSläkten: ${origin}/veckans-nutidsquiz/liga/${code}`);
    expect(mailWith(await mailsAt(other, at), "NutidsQuiz vecka 50").text).not.toContain("kompisligor");
  });
});

describe("delivery of list mail", () => {
  it("SMTP down, then up: the reminder is delivered once, nothing lost", async () => {
    const event = await fridayQuiz();
    const email = "smtp-nere@example.se";
    await confirmedFollower(email, event.id);
    const port = await freePort();
    setEnv(
      parseEnv({
        NODE_ENV: "test",
        DATA_DIR: original.dataDir,
        PUBLIC_URL: original.publicUrl,
        SMTP_URL: `smtp://127.0.0.1:${port}`,
      }),
    );
    await runListMail(getDb(), FRIDAY_NOON);
    // The reminder is queued now; the delivery rounds follow from then on.
    const base = Date.now();
    const sinceQueued = (ms: number) => new Date(base + ms);
    expect(await deliverDueMails(getDb(), { now: () => sinceQueued(0), logger: quiet })).toMatchObject({
      sent: 0,
    });
    const smtp = await startSmtpPeer(port);
    peers.push(smtp);
    smtp.refuseConnections(1);
    await deliverDueMails(getDb(), {
      now: () => sinceQueued(6_000),
      logger: quiet,
    });
    await deliverDueMails(getDb(), {
      now: () => sinceQueued(60_000),
      logger: quiet,
    });
    await deliverDueMails(getDb(), {
      now: () => sinceQueued(600_000),
      logger: quiet,
    });
    const got = smtp.received.filter((m) => m.to.includes(email));
    expect(got).toHaveLength(1);
    expect(got[0]!.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    const rows = await getDb().select().from(mailOutbox).where(eq(mailOutbox.recipient, email));
    expect(rows.map((r) => [r.kind, r.status])).toContainEqual(["event-reminder", "sent"]);
  });

  it("two instances running the job at once remind each follower once", async () => {
    const event = await fridayQuiz();
    const emails = Array.from({ length: 8 }, (_, i) => `tva-instanser-${i}@example.se`);
    for (const email of emails) await confirmedFollower(email, event.id);
    const second = await secondHandle();
    try {
      const results = await Promise.all([
        runListMail(getDb(), FRIDAY_NOON),
        runListMail(second.db, FRIDAY_NOON),
      ]);
      expect(results[0]!.reminders + results[1]!.reminders).toBe(8);
    } finally {
      await second.close();
    }
    const [{ n }] = (await queryRows<{ n: number }>(
      getDb(),
      sql`select count(*)::int as n from mail_outbox where kind = 'event-reminder' and recipient like 'tva-instanser-%'`,
    )) as [{ n: number }];
    expect(n).toBe(8);
  });
});

describe("calendars", () => {
  it("an event's calendar reminds two hours before each night (VALARM); a city's does not", async () => {
    const event = await fridayQuiz();
    const calendar = await eventCalendar(getDb(), "goteborg", event.slug, FRIDAY_MORNING);
    expect(calendar?.body).toContain("BEGIN:VALARM\r\nACTION:DISPLAY\r\n");
    expect(calendar?.body).toContain("TRIGGER:-PT2H\r\nEND:VALARM\r\nEND:VEVENT");
    expect((await cityCalendar(getDb(), "goteborg", undefined, FRIDAY_MORNING))?.body).not.toContain(
      "VALARM",
    );
  });
});

describe("Mina quiz", () => {
  it("one personal feed combines the chosen events' nights, with reminders; the key is the only way in", async () => {
    const first = await fridayQuiz();
    const second = await fridayQuiz();
    const key = "k".repeat(20) + Math.random().toString(36).slice(2, 14).padEnd(12, "x");
    const writeKey = "w".repeat(40);
    const put = (body: object, k = key) =>
      call(
        myQuizzesAction,
        new Request(`http://localhost:3000/api/my-quizzes/${k}`, {
          method: "PUT",
          headers: { "content-type": "application/json", "x-quizkvall-client-ip": "10.3.0.1" },
          body: JSON.stringify({ writeKey, ...body }),
        }),
        { key: k },
      );
    expect((await put({ eventIds: [first.id, second.id, first.id] })).status).toBe(200);
    expect((await put({ eventIds: [first.id] }, "kort")).status).toBe(404);
    expect((await put({ eventIds: ["inte-ett-id"] })).status).toBe(400);
    expect((await put({ eventIds: Array.from({ length: 101 }, () => first.id) })).status).toBe(400);
    const feed = await call(feedLoader, new Request(`http://localhost:3000/mina-quiz/${key}/kalender.ics`), {
      key,
    });
    expect(feed.status).toBe(200);
    const body = await feed.text();
    expect(body).toContain(`SUMMARY:${first.title}`);
    expect(body).toContain(`SUMMARY:${second.title}`);
    expect(body.match(/BEGIN:VALARM/g)).toHaveLength(2);
    expect(await personalFeedCalendar(getDb(), "x".repeat(40), FRIDAY_MORNING)).toBeNull();
    // Emptied, the feed stays (with no nights), so its write key goes on guarding the address.
    expect((await put({ eventIds: [] })).status).toBe(200);
    expect(await personalFeedCalendar(getDb(), key, FRIDAY_MORNING)).not.toContain("BEGIN:VEVENT");
    const unknown = await call(feedLoader, new Request("http://localhost:3000/mina-quiz/x/kalender.ics"), {
      key: "x",
    });
    expect(unknown.status).toBe(404);
  });
});

describe("Mina quiz and the follows it holds", () => {
  it("a follow's end (one click in a mail, or Mina utskick) takes its event out of the Mina quiz that asked for it", async () => {
    const [followed, starred, second] = [await fridayQuiz(), await fridayQuiz(), await fridayQuiz()];
    const key = `f${Math.random().toString(36).slice(2, 12)}`.padEnd(43, "k");
    const writeKey = "v".repeat(43);
    const email = "mina-quiz@example.se";
    const put = async (eventIds: string[], previous?: string[]) => {
      const answer = await call(
        myQuizzesAction,
        new Request(`http://localhost:3000/api/my-quizzes/${key}`, {
          method: "PUT",
          headers: { "content-type": "application/json", "x-quizkvall-client-ip": "10.3.0.9" },
          body: JSON.stringify({ writeKey, eventIds, previous }),
        }),
        { key },
      );
      expect(answer.status).toBe(200);
      return ((await answer.json()) as { eventIds: string[] }).eventIds;
    };
    const feedText = async () => (await personalFeedCalendar(getDb(), key, FRIDAY_MORNING)) ?? "";

    // "Påminn mig" from this browser: the form carries its Mina quiz key; the browser then saves the event.
    const origin = getEnv().publicUrl;
    const signup = await signupAction({
      request: new Request(`${origin}/utskick/ny`, {
        method: "POST",
        body: formData({ topic: "event", eventId: followed.id, email, feedKey: key }),
        headers: { origin, "x-quizkvall-client-ip": "10.3.0.10" },
      }),
      params: {},
      context: {},
    } as never);
    expect((signup as unknown as { init: { status: number } }).init.status).toBe(202);
    const [confirm] = await mailsAt(email, REQUESTED);
    expect((await confirmList(getDb(), linkIn(confirm!, "bekrafta"), REQUESTED)).status).toBe("confirmed");
    expect(await put([followed.id, starred.id])).toEqual([followed.id, starred.id]);
    expect(await feedText()).toContain(`SUMMARY:${followed.title}`);

    // The mail client's one-click unsubscribe: the event leaves the list (and its calendar) at once.
    await runListMail(getDb(), FRIDAY_NOON);
    const reminder = mailWith(await mailsAt(email, FRIDAY_NOON), "har quiz ikväll");
    const token = linkIn(reminder, "avsluta");
    const oneClick = await callRoute(
      oneClickAction,
      new Request(`http://localhost:3000/utskick/avsluta/${token}`, {
        method: "POST",
        body: formData({ "List-Unsubscribe": "One-Click" }),
      }),
      { token },
    );
    expect(oneClick.status).toBe(200);
    expect(await feedText()).not.toContain(`SUMMARY:${followed.title}`);
    expect(await feedText()).toContain(`SUMMARY:${starred.title}`);

    // The browser, not knowing yet, writes its list as it last had it: the ended follow does not come back,
    // and the answer tells the browser to drop it. A star it gives afterwards is a new wish and stays.
    expect(await put([followed.id, starred.id], [followed.id, starred.id])).toEqual([starred.id]);
    expect(await put([starred.id, followed.id], [starred.id])).toEqual([starred.id, followed.id]);

    // Ending a follow on Mina utskick does the same; other browsers' lists and lists without a key are untouched.
    await requestList(getDb(), { email, topic: "event", eventId: second.id, feedKey: key }, REQUESTED);
    const confirmSecond = (await mailsAt(email, REQUESTED)).find((m) => m.text.includes(second.title));
    expect((await confirmList(getDb(), linkIn(confirmSecond!, "bekrafta"), REQUESTED)).status).toBe(
      "confirmed",
    );
    expect(await put([starred.id, followed.id, second.id], [starred.id, followed.id])).toEqual([
      starred.id,
      followed.id,
      second.id,
    ]);
    const [recipient] = await getDb().select().from(listRecipients).where(eq(listRecipients.email, email));
    expect(await endLists(getDb(), recipient!.manageToken, null)).toBe(true);
    expect(await put([starred.id, followed.id, second.id], [starred.id, followed.id, second.id])).toEqual([
      starred.id,
      followed.id,
    ]);
  });
});

/** Another handle on the test database: its own pool on PostgreSQL, the same database on PGlite. */
async function secondHandle(): Promise<{ db: Db; close: () => Promise<void> }> {
  const server = process.env.TEST_DATABASE_URL;
  if (!server) return { db: getDb(), close: async () => {} };
  const [row] = await queryRows<{ name: string }>(getDb(), sql`select current_database() as name`);
  const url = new URL(server);
  url.pathname = `/${row!.name}`;
  const handle = await openDatabase({ kind: "postgres", url: url.toString(), maxConnections: 4 });
  return { db: handle.db, close: handle.close };
}
