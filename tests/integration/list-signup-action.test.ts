import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { listSubscriptions, mailOutbox } from "~/db/schema";
import { FOLLOW_REQUESTED_MESSAGE, SUBSCRIPTION_REQUESTED_MESSAGE } from "~/features/follows/follow-schema";
import type { ListSignupAnswer } from "~/features/follows/list-request.server";
import { getDb } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { action as followAction } from "~/routes/api/follows";
import { action } from "~/routes/public/lists/new";
import { insertEvent } from "../support/factories";
import { formData } from "../support/form-data";

/**
 * /utskick/ny, the page "Påminn mig" and "Få veckans NutidsQuiz" post to (without JavaScript the browser
 * shows its answer): the same origin check as the site's other page actions, the same Swedish field error,
 * rate limit and double opt-in request as the JSON endpoints.
 */
type Answer = { data: ListSignupAnswer; init: { status: number } };

const nextIp = () => `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

function post(
  fields: Record<string, string>,
  { ip = nextIp(), headers = {} as Record<string, string> } = {},
) {
  const origin = getEnv().publicUrl;
  const request = new Request(`${origin}/utskick/ny`, {
    method: "POST",
    body: formData(fields),
    headers: { origin, "x-quizkvall-client-ip": ip, ...headers },
  });
  const run = action as unknown as (args: object) => Promise<Answer>;
  return run({ request, params: {}, context: {} });
}

const subscriptionsOf = (email: string) =>
  getDb().select().from(listSubscriptions).where(eq(listSubscriptions.email, email));
const confirmationsTo = (email: string) =>
  getDb().select().from(mailOutbox).where(eq(mailOutbox.recipient, email));

describe("the signup page's action", () => {
  it("follows an event from a plain form post: 202, the Swedish thanks, an unconfirmed row and its confirmation mail", async () => {
    const event = await insertEvent(getDb(), { title: "Formulärquiz", city: "Göteborg" });
    const email = `form-${randomUUID().slice(0, 8)}@example.se`;
    const answer = await post({ topic: "event", eventId: event.id, email: ` ${email.toUpperCase()} ` });
    expect(answer.init.status).toBe(202);
    expect(answer.data).toMatchObject({
      ok: true,
      message: FOLLOW_REQUESTED_MESSAGE,
      target: {
        topic: "event",
        eventId: event.id,
        title: "Formulärquiz",
        path: `/quiz/goteborg/${event.slug}`,
      },
    });
    const rows = await subscriptionsOf(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ topic: "event", eventId: event.id, confirmedAt: null });
    const mails = await confirmationsTo(email);
    expect(mails.map((m) => m.kind)).toEqual(["list-confirm"]);

    // The same words for an address already asked for: nobody learns who follows what.
    const again = await post({ topic: "event", eventId: event.id, email });
    expect(again.init.status).toBe(202);
    expect(again.data).toMatchObject({ ok: true, message: FOLLOW_REQUESTED_MESSAGE });
  });

  it("subscribes to the NutidsQuiz", async () => {
    const email = `nutid-${randomUUID().slice(0, 8)}@example.se`;
    const answer = await post({ topic: "nutidsquiz", email });
    expect(answer.init.status).toBe(202);
    expect(answer.data).toMatchObject({ ok: true, message: SUBSCRIPTION_REQUESTED_MESSAGE });
    expect((await subscriptionsOf(email)).map((r) => r.topic)).toEqual(["nutidsquiz"]);
  });

  it("answers a malformed address with the Swedish error at the field and the typed value, and writes nothing", async () => {
    const event = await insertEvent(getDb());
    for (const email of ["inte-en-adress", "a@b", "<x@example.se>", ""]) {
      const answer = await post({ topic: "event", eventId: event.id, email });
      expect(answer.init.status).toBe(400);
      expect(answer.data).toMatchObject({
        ok: false,
        fieldErrors: { email: "Ange en giltig e-postadress." },
        formError: null,
        values: { email },
        target: { topic: "event", eventId: event.id },
      });
    }
    expect(await confirmationsTo("inte-en-adress")).toEqual([]);
  });

  it("refuses an unknown event (404) and an unknown list (400)", async () => {
    const email = "okand@example.se";
    const unknown = await post({ topic: "event", eventId: "00000000-0000-4000-8000-000000000000", email });
    expect(unknown.init.status).toBe(404);
    expect(unknown.data).toMatchObject({ ok: false, formError: "Eventet finns inte.", target: null });
    const notAnId = await post({ topic: "event", eventId: "1 or 1=1", email });
    expect(notAnId.init.status).toBe(404);
    const otherTopic = await post({ topic: "sport", email });
    expect(otherTopic.init.status).toBe(400);
    expect(otherTopic.data).toMatchObject({ ok: false, formError: "Okänt utskick." });
    expect(await subscriptionsOf(email)).toEqual([]);
  });

  it("refuses a post another site made the browser send (403), and takes one from the site or from no browser", async () => {
    const email = `korsvis-${randomUUID().slice(0, 8)}@example.se`;
    const fields = { topic: "nutidsquiz", email };
    const foreign = await post(fields, { headers: { origin: "https://elak.example" } });
    expect(foreign.init.status).toBe(403);
    expect(foreign.data).toMatchObject({ ok: false, formError: "Förfrågan kommer från en annan webbplats." });
    const opaque = await post(fields, { headers: { origin: "null" } });
    expect(opaque.init.status).toBe(403);
    const crossSite = new Request(`${getEnv().publicUrl}/utskick/ny`, {
      method: "POST",
      body: formData(fields),
      headers: { "sec-fetch-site": "cross-site", "x-quizkvall-client-ip": nextIp() },
    });
    const run = action as unknown as (args: object) => Promise<Answer>;
    expect((await run({ request: crossSite, params: {}, context: {} })).init.status).toBe(403);
    expect(await subscriptionsOf(email)).toEqual([]);
    expect(await confirmationsTo(email)).toEqual([]);

    const sameOrigin = await post(fields, { headers: { "sec-fetch-site": "same-origin" } });
    expect(sameOrigin.init.status).toBe(202);
  });

  it("shares the JSON endpoints' rate limit: 20 requests per client address in 10 minutes, then 429", async () => {
    const ip = nextIp();
    const event = await insertEvent(getDb());
    for (let i = 0; i < 10; i++) {
      const json = new Request(`${getEnv().publicUrl}/api/follows`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-quizkvall-client-ip": ip },
        body: JSON.stringify({ eventId: event.id, email: `json-${i}@example.se` }),
      });
      const response = (await (followAction as unknown as (args: object) => Promise<Response>)({
        request: json,
        params: {},
        context: {},
      })) as Response;
      expect(response.status).toBe(202);
    }
    for (let i = 0; i < 10; i++) {
      const answer = await post({ topic: "event", eventId: event.id, email: `form-${i}@example.se` }, { ip });
      expect(answer.init.status).toBe(202);
    }
    const limited = await post({ topic: "event", eventId: event.id, email: "en-till@example.se" }, { ip });
    expect(limited.init.status).toBe(429);
    expect(limited.data).toMatchObject({
      ok: false,
      formError: "För många förfrågningar. Försök igen om en stund.",
      target: { topic: "event", eventId: event.id },
    });
    expect(await subscriptionsOf("en-till@example.se")).toEqual([]);
    // A malformed address is refused before it counts.
    const other = nextIp();
    for (let i = 0; i < 25; i++) {
      expect((await post({ topic: "nutidsquiz", email: "fel" }, { ip: other })).init.status).toBe(400);
    }
    expect((await post({ topic: "nutidsquiz", email: "ratt@example.se" }, { ip: other })).init.status).toBe(
      202,
    );
  });
});
