import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventExceptions, eventHosts, events, listRecipients, listSubscriptions, user } from "~/db/schema";
import { runTonightChecks } from "~/features/confirmations/tonight.server";
import { findEventViewById } from "~/features/events/public.server";
import { getDb, queryRows } from "~/lib/db.server";
import { type Env, getEnv, setEnv } from "~/lib/env.server";
import { action as hostAreaAction } from "~/routes/hosts/host-area";
import { loader as eventPageLoader } from "~/routes/public/city-slug";
import { action as linkAction, loader as linkLoader } from "~/routes/public/tonight-link";
import { signedInCookie } from "../support/auth-sessions";
import { callRoute } from "../support/call-route";
import { insertEvent } from "../support/factories";

/**
 * "Blir det quiz ikväll?": the morning job asks each host who chose it once per event and quiz day, and its
 * signed links, answered without a session, confirm tonight or cancel it (the followers' alert, once).
 */
// Tuesday 1 December 2026, 09:00 in Stockholm; the quizzes are on Tuesdays at 19:00.
const MORNING = new Date("2026-12-01T08:00:00Z");
const EVENING = new Date("2026-12-01T17:00:00Z");
const NEXT_DAY = new Date("2026-12-02T08:00:00Z");
const TODAY = "2026-12-01";

const original: Env = getEnv();
beforeAll(() => setEnv({ ...original, TEST_CLOCK: true }));
afterAll(() => setEnv(original));

const tuesdayQuiz = (title = `Tisdagsquiz ${randomUUID().slice(0, 6)}`) =>
  insertEvent(getDb(), {
    title,
    startTime: new Date("2026-11-24T18:00:00Z"),
    recurrenceAnchor: "2026-11-24",
  });

async function hostOf(
  eventId: string,
  morningMail: boolean,
  email = `vard-${randomUUID().slice(0, 8)}@example.se`,
) {
  const id = `host-${randomUUID()}`;
  const now = new Date();
  await getDb()
    .insert(user)
    .values({ id, name: "Värd", email, emailVerified: true, createdAt: now, updatedAt: now });
  await getDb().insert(eventHosts).values({ eventId, userId: id, morningMail });
  return { id, email };
}

async function outbox(to: string, kind = "tonight-check") {
  return queryRows<{ subject: string; text: string }>(
    getDb(),
    sql`select subject, text from mail_outbox where recipient = ${to} and kind = ${kind} order by id`,
  );
}

function tokenIn(text: string, label: "Ja, det blir quiz" | "Nej, inställt"): string {
  const link = new RegExp(`${label}: (\\S+)`).exec(text)?.[1] ?? "";
  expect(link).toMatch(/\/quizvard\/ikvall\/[^/]+$/);
  return link.split("/").at(-1)!;
}

const clock = (now: Date) => ({ cookie: `quizkvall_now=${encodeURIComponent(now.toISOString())}` });

function linkRequest(token: string, now: Date, form?: Record<string, string>) {
  const url = `${getEnv().publicUrl}/quizvard/ikvall/${token}`;
  if (!form) return new Request(url, { headers: clock(now) });
  const body = new FormData();
  for (const [k, v] of Object.entries(form)) body.append(k, v);
  return new Request(url, { method: "POST", body, headers: { ...clock(now), origin: getEnv().publicUrl } });
}

type Answer = { data: Record<string, unknown>; init: { status?: number } | null };
const open = (token: string, now: Date) => callRoute<Answer>(linkLoader, linkRequest(token, now), { token });
const press = (token: string, now: Date, form: Record<string, string> = {}) =>
  callRoute<Answer>(linkAction, linkRequest(token, now, form), { token });

async function mailedTokens(email: string) {
  const [mail] = await outbox(email);
  expect(mail?.subject).toBe("Blir det quiz ikväll?");
  return { yes: tokenIn(mail!.text, "Ja, det blir quiz"), no: tokenIn(mail!.text, "Nej, inställt") };
}

describe("the morning job", () => {
  it("mails each opted-in host once per event and quiz day; opted out, cancelled or no night tonight: none", async () => {
    const tonight = await tuesdayQuiz();
    const cancelled = await tuesdayQuiz();
    const wednesday = await insertEvent(getDb(), {
      startTime: new Date("2026-11-25T18:00:00Z"),
      recurrenceAnchor: "2026-11-25",
    });
    await getDb().insert(eventExceptions).values({ eventId: cancelled.id, date: TODAY, kind: "cancelled" });
    const on = await hostOf(tonight.id, true);
    const second = await hostOf(tonight.id, true);
    const off = await hostOf(tonight.id, false);
    const ofCancelled = await hostOf(cancelled.id, true);
    const ofWednesday = await hostOf(wednesday.id, true);

    const first = await runTonightChecks(getDb(), MORNING);
    expect(first.asked).toBeGreaterThanOrEqual(2);
    // Run again, and twice at once as two instances would: nobody is asked twice.
    await Promise.all([runTonightChecks(getDb(), MORNING), runTonightChecks(getDb(), EVENING)]);
    expect(await outbox(on.email)).toHaveLength(1);
    expect(await outbox(second.email)).toHaveLength(1);
    expect(await outbox(off.email)).toHaveLength(0);
    expect(await outbox(ofCancelled.email)).toHaveLength(0);
    expect(await outbox(ofWednesday.email)).toHaveLength(0);
    const [mail] = await outbox(on.email);
    expect(mail?.text).toContain(`Blir det quiz på ${tonight.title} ikväll 19:00?`);

    // The next Tuesday is another quiz day: one more mail.
    await runTonightChecks(getDb(), new Date("2026-12-08T08:00:00Z"));
    expect(await outbox(on.email)).toHaveLength(2);
  });

  it("keeps to the host notices' cap of 10 a day, whatever the number of listings", async () => {
    const email = `manga-${randomUUID().slice(0, 8)}@example.se`;
    const quizzes = await Promise.all(Array.from({ length: 11 }, () => tuesdayQuiz()));
    const id = `host-${randomUUID()}`;
    const now = new Date();
    await getDb()
      .insert(user)
      .values({ id, name: "Värd", email, emailVerified: true, createdAt: now, updatedAt: now });
    for (const quiz of quizzes)
      await getDb().insert(eventHosts).values({ eventId: quiz.id, userId: id, morningMail: true });
    await runTonightChecks(getDb(), MORNING);
    expect(await outbox(email)).toHaveLength(10);
    await runTonightChecks(getDb(), MORNING);
    expect(await outbox(email)).toHaveLength(10);
  });
});

describe("the morning mail's links", () => {
  it("'Ja' shows a button (the GET changes nothing), then confirms tonight: 'Bekräftad idag' today only", async () => {
    const quiz = await tuesdayQuiz();
    const host = await hostOf(quiz.id, true);
    await runTonightChecks(getDb(), MORNING);
    const { yes } = await mailedTokens(host.email);

    expect((await open(yes, MORNING)).data).toMatchObject({ status: "ready", answer: "yes" });
    const [before] = await getDb().select().from(events).where(eq(events.id, quiz.id));
    expect(before?.tonightConfirmedOn).toBeNull();

    expect((await press(yes, MORNING)).data).toMatchObject({ done: "confirmed" });
    const [row] = await getDb().select().from(events).where(eq(events.id, quiz.id));
    expect(row?.tonightConfirmedOn).toBe(TODAY);
    expect(row?.lastConfirmedAt?.toISOString()).toBe(MORNING.toISOString());
    expect((await findEventViewById(getDb(), quiz.id, EVENING))?.soon).toEqual({
      text: "Ikväll 19:00",
      tone: "tonight",
      confirmed: true,
    });
    const page = await callRoute<{ upcoming: { date: string; confirmedToday?: boolean }[] }>(
      eventPageLoader,
      new Request(`${getEnv().publicUrl}/quiz/goteborg/${quiz.slug}`, { headers: clock(EVENING) }),
      { city: "goteborg", slug: quiz.slug },
    );
    expect(page.upcoming.filter((n) => n.confirmedToday).map((n) => n.date)).toEqual([TODAY]);

    // A second tap says it is done; the next day the link has expired and the label is gone.
    expect((await press(yes, EVENING)).data).toMatchObject({ done: "already" });
    expect((await open(yes, EVENING)).data).toMatchObject({ status: "already" });
    const expired = await open(yes, NEXT_DAY);
    expect(expired.init?.status).toBe(410);
    expect(expired.data).toEqual({ refused: "expired" });
    expect((await findEventViewById(getDb(), quiz.id, NEXT_DAY))?.soon?.confirmed).toBeUndefined();
  });

  it("'Nej, inställt' cancels tonight with the note and alerts each follower once; a later 'Ja' is refused", async () => {
    const quiz = await tuesdayQuiz();
    const host = await hostOf(quiz.id, true);
    const follower = `foljare-${randomUUID().slice(0, 8)}@example.se`;
    await getDb().insert(listRecipients).values({ email: follower, manageToken: randomUUID() });
    await getDb().insert(listSubscriptions).values({
      email: follower,
      topic: "event",
      eventId: quiz.id,
      unsubscribeToken: randomUUID(),
      requestedAt: MORNING,
      confirmedAt: MORNING,
    });
    await runTonightChecks(getDb(), MORNING);
    const { yes, no } = await mailedTokens(host.email);

    expect((await open(no, MORNING)).data).toMatchObject({ status: "ready", answer: "no" });
    expect(await outbox(follower, "event-alert")).toHaveLength(0);
    const answers = await Promise.all([
      press(no, MORNING, { note: "Köket har stängt" }),
      press(no, MORNING, { note: "Köket har stängt" }),
    ]);
    expect(answers.map((a) => a.data.done).sort()).toEqual(["already", "cancelled"].sort());
    const [exception] = await getDb()
      .select()
      .from(eventExceptions)
      .where(and(eq(eventExceptions.eventId, quiz.id), eq(eventExceptions.date, TODAY)));
    expect(exception).toMatchObject({ kind: "cancelled", note: "Köket har stängt" });
    const alerts = await outbox(follower, "event-alert");
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.text).toContain("Inställt: tisdag 1 december kl. 19:00 (Köket har stängt)");
    expect((await findEventViewById(getDb(), quiz.id, MORNING))?.soon?.text).toBe("Inställt ikväll");

    expect((await press(no, EVENING)).data).toMatchObject({ done: "already" });
    expect((await open(yes, MORNING)).data).toMatchObject({ status: "cancelled" });
    expect((await press(yes, MORNING)).data).toMatchObject({ done: "refused-cancelled" });
    expect(await outbox(follower, "event-alert")).toHaveLength(1);
  });

  it("refuse a changed token, a note too long, and a host who no longer hosts the event", async () => {
    const quiz = await tuesdayQuiz();
    const host = await hostOf(quiz.id, true);
    await runTonightChecks(getDb(), MORNING);
    const { yes, no } = await mailedTokens(host.email);
    const tampered = await press(yes.replace(/^yes\./, "no."), MORNING);
    expect(tampered.init?.status).toBe(410);
    expect(tampered.data).toEqual({ refused: "invalid" });
    expect((await press(no, MORNING, { note: "x".repeat(201) })).init?.status).toBe(400);
    await getDb().delete(eventHosts).where(eq(eventHosts.userId, host.id));
    expect((await press(yes, MORNING)).data).toEqual({ refused: "not-host" });
    const [row] = await getDb().select().from(events).where(eq(events.id, quiz.id));
    expect(row?.tonightConfirmedOn).toBeNull();
  });
});

describe("the host's choice", () => {
  it("is a host's own, per event: another account gets 403 and changes nothing", async () => {
    const quiz = await tuesdayQuiz();
    const email = `valjer-${randomUUID().slice(0, 8)}@example.se`;
    const cookie = await signedInCookie(email, "vardens-losen", "user");
    const [account] = await getDb().select({ id: user.id }).from(user).where(eq(user.email, email));
    await getDb().insert(eventHosts).values({ eventId: quiz.id, userId: account!.id });
    const stranger = await signedInCookie(
      `annan-${randomUUID().slice(0, 8)}@example.se`,
      "annat-losen",
      "user",
    );
    const toggle = (fields: Record<string, string>, as: string) => {
      const body = new FormData();
      for (const [k, v] of Object.entries({ intent: "morning-mail", eventId: quiz.id, ...fields }))
        body.append(k, v);
      return callRoute<Answer>(
        hostAreaAction,
        new Request(`${getEnv().publicUrl}/quizvard`, {
          method: "POST",
          body,
          headers: { cookie: as, origin: getEnv().publicUrl },
        }),
      );
    };
    const morningMail = async () =>
      (await getDb().select().from(eventHosts).where(eq(eventHosts.userId, account!.id)))[0]?.morningMail;

    expect(await toggle({ morningMail: "on" }, cookie)).toMatchObject({ ok: true, intent: "morning-mail" });
    expect(await morningMail()).toBe(true);
    expect((await toggle({}, stranger)).init?.status).toBe(403);
    expect(await morningMail()).toBe(true);
    // Signed out: to the sign-in.
    const signedOut = await toggle({}, "");
    expect((signedOut as unknown as Response).status).toBe(302);
    expect(await toggle({}, cookie)).toMatchObject({ ok: true });
    expect(await morningMail()).toBe(false);
  });
});
