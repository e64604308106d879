import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { personalFeeds } from "~/db/schema";
import { getDb } from "~/lib/db.server";
import { action as myQuizzesAction } from "~/routes/api/my-quizzes";
import { loader as feedLoader } from "~/routes/feeds/my-quizzes-ics";
import { callRoute } from "../support/call-route";
import { insertEvent } from "../support/factories";

/** "Mina quiz": the key in the feed's address reads the list; only the browser's write key changes it. */
const REFUSED = { error: "Listan kan bara ändras från webbläsaren som sparade den." };

const newKey = () => randomBytes(32).toString("base64url");
let eventIds: string[];

beforeAll(async () => {
  eventIds = [(await insertEvent(getDb())).id, (await insertEvent(getDb())).id];
});

let ip = 0;
/** A PUT as the browser sends it; each from its own address, so the rate limit stays out of the way. */
async function put(key: string, body: { eventIds: string[]; writeKey?: string }) {
  ip += 1;
  const request = new Request(`http://localhost:3000/api/my-quizzes/${key}`, {
    method: "PUT",
    headers: { "content-type": "application/json", "x-quizkvall-client-ip": `10.9.${ip >> 8}.${ip & 255}` },
    body: JSON.stringify(body),
  });
  const response = await callRoute(myQuizzesAction, request, { key });
  return { status: response.status, body: await response.json() };
}

async function feed(key: string) {
  const response = await callRoute(
    feedLoader,
    new Request(`http://localhost:3000/mina-quiz/${key}/kalender.ics`),
    { key },
  );
  return { status: response.status, text: await response.text() };
}

const storedList = async (key: string) =>
  (await getDb().select().from(personalFeeds).where(eq(personalFeeds.key, key)))[0];

describe("Mina quiz write keys", () => {
  it("let the write key change the list, and refuse the feed's key alone with a Swedish 403", async () => {
    const key = newKey();
    const writeKey = newKey();
    expect(await put(key, { eventIds: [eventIds[0]!], writeKey })).toEqual({
      status: 200,
      body: { ok: true, eventIds: [eventIds[0]] },
    });

    // What anyone who has seen the feed's address can try: no write key, a made-up one, the feed's key.
    expect(await put(key, { eventIds: [] })).toEqual({ status: 403, body: REFUSED });
    expect(await put(key, { eventIds: [], writeKey: newKey() })).toEqual({ status: 403, body: REFUSED });
    expect(await put(key, { eventIds: [], writeKey: key })).toEqual({ status: 403, body: REFUSED });
    expect(await put(key, { eventIds: [], writeKey: "kort" })).toEqual({ status: 403, body: REFUSED });
    expect((await storedList(key))?.eventIds).toEqual([eventIds[0]]);

    expect((await put(key, { eventIds, writeKey })).status).toBe(200);
    expect((await storedList(key))?.eventIds).toEqual(eventIds);
    // The feed's key still reads it.
    const { status, text } = await feed(key);
    expect(status).toBe(200);
    expect(text.match(/BEGIN:VEVENT/g)?.length).toBeGreaterThan(0);
  });

  it("keep only the write key's SHA-256, never the key", async () => {
    const key = newKey();
    const writeKey = newKey();
    await put(key, { eventIds: [eventIds[0]!], writeKey });
    const row = await storedList(key);
    expect(row?.writeKeyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(writeKey);
  });

  it("refuse a new list without a write key, or with the feed's key as its write key", async () => {
    const key = newKey();
    expect(await put(key, { eventIds: [eventIds[0]!] })).toEqual({ status: 403, body: REFUSED });
    expect(await put(key, { eventIds: [eventIds[0]!], writeKey: key })).toEqual({
      status: 403,
      body: REFUSED,
    });
    expect(await storedList(key)).toBeUndefined();
    expect((await feed(key)).status).toBe(404);
  });

  it("let a list saved before write keys be claimed once, by the first write that brings one", async () => {
    const key = newKey();
    await getDb()
      .insert(personalFeeds)
      .values({ key, eventIds: [eventIds[0]!], updatedAt: new Date() });
    // The browser code before write keys (an open tab) sends none: refused, the list as it was.
    expect(await put(key, { eventIds: [] })).toEqual({ status: 403, body: REFUSED });
    const owner = newKey();
    expect((await put(key, { eventIds, writeKey: owner })).status).toBe(200);
    expect(await put(key, { eventIds: [], writeKey: newKey() })).toEqual({ status: 403, body: REFUSED });
    expect((await put(key, { eventIds: [eventIds[1]!], writeKey: owner })).status).toBe(200);
    expect((await storedList(key))?.eventIds).toEqual([eventIds[1]]);
  });

  it("let exactly one of many first writes at once claim an old list", async () => {
    const key = newKey();
    await getDb()
      .insert(personalFeeds)
      .values({ key, eventIds: [eventIds[0]!], updatedAt: new Date() });
    const writeKeys = Array.from({ length: 12 }, newKey);
    const answers = await Promise.all(writeKeys.map((writeKey) => put(key, { eventIds, writeKey })));
    const winners = writeKeys.filter((_, i) => answers[i]?.status === 200);
    expect(winners).toHaveLength(1);
    expect(answers.filter((a) => a.status === 403)).toHaveLength(writeKeys.length - 1);
    expect((await put(key, { eventIds: [], writeKey: winners[0]! })).status).toBe(200);
  });

  it("keep an emptied list, and its write key, so the address cannot be taken over", async () => {
    const key = newKey();
    const writeKey = newKey();
    await put(key, { eventIds, writeKey });
    expect((await put(key, { eventIds: [], writeKey })).status).toBe(200);
    const emptied = await feed(key);
    expect(emptied.status).toBe(200);
    expect(emptied.text).toContain("BEGIN:VCALENDAR");
    expect(emptied.text).not.toContain("BEGIN:VEVENT");
    expect(await put(key, { eventIds, writeKey: newKey() })).toEqual({ status: 403, body: REFUSED });
    expect((await put(key, { eventIds, writeKey })).status).toBe(200);
  });
});
