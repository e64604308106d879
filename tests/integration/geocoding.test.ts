import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { eventHosts, events, user } from "~/db/schema";
import type { EventActionResult } from "~/features/event-editor/event-actions.server";
import { createGeocoder } from "~/features/places/geocoder-client.server";
import { getDb } from "~/lib/db.server";
import { type Env, getEnv, setEnv } from "~/lib/env.server";
import { action as adminEditorAction } from "~/routes/admin/events-editor";
import { action as hostEventAction } from "~/routes/hosts/host-event";
import { sessionCookie } from "../support/admin-session";
import { signedInCookie } from "../support/auth-sessions";
import { callRoute } from "../support/call-route";
import { insertEvent } from "../support/factories";
import { type FakeGeocoder, startFakeGeocoder } from "../support/fake-geocoder";
import { testDatabaseKind } from "../support/test-db";

const PLACE_UNAVAILABLE = "Adressen kunde inte placeras på kartan just nu. Quizet sparades utan position.";
const PLACE_NOT_FOUND =
  "Adressen hittades inte på kartan. Quizet sparades utan position: kontrollera gatuadressen.";

/**
 * Addresses become coordinates through a Nominatim-compatible geocoder (a local fake here): the client keeps
 * to the usage policy (one request a second, a named User-Agent, cached answers, a time budget), and a save
 * never fails because of it. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
let fake: FakeGeocoder;
let original: Env;
let adminCookie: string;

const KOMPASSEN = { lat: 57.70412, lon: 11.96322 };
const JARNTORGET = { lat: 57.6996, lon: 11.9536 };

beforeAll(async () => {
  fake = await startFakeGeocoder();
  fake.places.set("kompassrosgatan 12, göteborg", KOMPASSEN);
  fake.places.set("järntorget 4, göteborg", JARNTORGET);
  fake.places.set("strandgade 1, göteborg", { lat: 55.676, lon: 12.568 });
  original = getEnv();
  setEnv({ ...original, GEOCODER_URL: fake.url });
  adminCookie = await sessionCookie({ admin: true });
});
afterEach(() => {
  fake.mode = "up";
});
afterAll(async () => {
  setEnv(original);
  await fake.close();
});

const geocoderFor = (options: Partial<Parameters<typeof createGeocoder>[0]> = {}) =>
  createGeocoder({ url: `${fake.url}/`, userAgent: "Quizkvall/0.1 (+http://localhost:3000)", ...options });

describe(`the geocoder client (${testDatabaseKind()})`, () => {
  it("asks one Nominatim search in Sweden under its own name, and answers again from its cache", async () => {
    const geocoder = geocoderFor();
    const before = fake.requests.length;
    expect(await geocoder.geocode("Kompassrosgatan 12, Göteborg")).toEqual({
      kind: "found",
      point: { latitude: KOMPASSEN.lat, longitude: KOMPASSEN.lon },
    });
    const [request] = fake.requests.slice(before);
    expect(request?.path).toBe("/search");
    expect(Object.fromEntries(request!.params)).toEqual({
      format: "jsonv2",
      q: "Kompassrosgatan 12, Göteborg",
      countrycodes: "se",
      limit: "1",
    });
    expect(request?.userAgent).toBe("Quizkvall/0.1 (+http://localhost:3000)");
    // The same address, however it is spaced or cased, is not asked again.
    expect((await geocoder.geocode("  kompassrosgatan  12, GÖTEBORG ")).kind).toBe("found");
    expect(fake.requests.length).toBe(before + 1);
  });

  it("asks at most once a second, and gives up when its turn would come after its budget", async () => {
    const geocoder = geocoderFor({ timeoutMs: 3_000 });
    const before = fake.requests.length;
    const answers = await Promise.all([
      geocoder.geocode("Järntorget 4, Göteborg"),
      geocoder.geocode("Okänd gata 1, Göteborg"),
      geocoder.geocode("Okänd gata 2, Göteborg"),
    ]);
    expect(answers.map((a) => a.kind)).toEqual(["found", "not-found", "not-found"]);
    const times = fake.requests.slice(before).map((r) => r.at);
    expect(times).toHaveLength(3);
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(990);
    // With a budget under a second, a second lookup waiting for its turn is given up at once.
    const hurried = geocoderFor({ timeoutMs: 500 });
    const [first, second] = await Promise.all([
      hurried.geocode("Okänd gata 3, Göteborg"),
      hurried.geocode("Okänd gata 4, Göteborg"),
    ]);
    expect(first.kind).toBe("not-found");
    expect(second).toEqual({ kind: "unavailable", reason: "busy" });
  });

  it("is unavailable, never throwing, when the service refuses, is down or answers nonsense; none of it is cached", async () => {
    const geocoder = geocoderFor({ minIntervalMs: 0 });
    fake.mode = "refuse";
    expect(await geocoder.geocode("Kompassrosgatan 12, Göteborg")).toEqual({
      kind: "unavailable",
      reason: "error",
    });
    fake.mode = "garbage";
    expect(await geocoder.geocode("Kompassrosgatan 12, Göteborg")).toEqual({
      kind: "unavailable",
      reason: "error",
    });
    const nobody = createGeocoder({
      url: "http://127.0.0.1:9",
      userAgent: "Quizkvall/0.1",
      minIntervalMs: 0,
    });
    expect(await nobody.geocode("Kompassrosgatan 12, Göteborg")).toEqual({
      kind: "unavailable",
      reason: "error",
    });
    fake.mode = "up";
    expect((await geocoder.geocode("Kompassrosgatan 12, Göteborg")).kind).toBe("found");
  });

  it("gives up on a slow answer within its budget", async () => {
    const geocoder = geocoderFor({ timeoutMs: 400, minIntervalMs: 0 });
    fake.mode = "slow";
    const started = Date.now();
    expect(await geocoder.geocode("Järntorget 4, Göteborg")).toEqual({
      kind: "unavailable",
      reason: "timeout",
    });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("finds nothing where the answer lies abroad", async () => {
    const geocoder = geocoderFor({ minIntervalMs: 0 });
    expect(await geocoder.geocode("Strandgade 1, Göteborg")).toEqual({ kind: "not-found" });
  });
});

type Answer = { data: EventActionResult; init: { status: number } };
const origin = () => getEnv().publicUrl;

function eventForm(fields: Record<string, string> = {}) {
  const form = new FormData();
  const all = {
    intent: "save",
    title: `Platsquiz ${Math.random().toString(36).slice(2, 8)}`,
    scheduleWeekday: "Tisdag",
    scheduleTime: "19:00",
    city: "Göteborg",
    quizType: "Quiz",
    maxPersonsPerTeam: "6",
    recurrence: "weekly",
    location: "Krogen Kompassen",
    streetAddress: "Kompassrosgatan 12",
    ...fields,
  };
  for (const [k, v] of Object.entries(all)) form.append(k, v);
  return form;
}

function saveAsAdmin(form: FormData, id?: string) {
  const request = new Request(`${origin()}/admin/events/${id ? `${id}/edit` : "new"}`, {
    method: "POST",
    body: form,
    headers: { cookie: adminCookie, origin: origin() },
  });
  return callRoute<Answer>(adminEditorAction, request, id ? { id } : {});
}

const positionOf = async (id: string) => {
  const [row] = await getDb()
    .select({ latitude: events.latitude, longitude: events.longitude, street: events.streetAddress })
    .from(events)
    .where(eq(events.id, id));
  return row;
};

const savedId = (answer: Answer) => {
  if (!answer.data.ok || !answer.data.event) throw new Error(JSON.stringify(answer.data));
  return answer.data.event.id;
};

describe(`saving an event places its address (${testDatabaseKind()})`, () => {
  it("stores the geocoder's point with a new event, and shows it in the answer", async () => {
    const answer = await saveAsAdmin(eventForm());
    expect(answer.init.status).toBe(201);
    const id = savedId(answer);
    expect(answer.data.ok && answer.data.notice).toBeFalsy();
    expect(answer.data.ok && answer.data.event?.position).toEqual({
      latitude: KOMPASSEN.lat,
      longitude: KOMPASSEN.lon,
    });
    expect(await positionOf(id)).toEqual({
      latitude: KOMPASSEN.lat,
      longitude: KOMPASSEN.lon,
      street: "Kompassrosgatan 12",
    });
  });

  it("keeps a changed address and saves without a position when the geocoder is down, and says so", async () => {
    const id = savedId(await saveAsAdmin(eventForm()));
    fake.mode = "refuse";
    const answer = await saveAsAdmin(eventForm({ streetAddress: "Järntorget 4" }), id);
    expect(answer.init.status).toBe(200);
    expect(answer.data).toMatchObject({ ok: true, notice: PLACE_UNAVAILABLE });
    // The old address's point went with it.
    expect(await positionOf(id)).toEqual({ latitude: null, longitude: null, street: "Järntorget 4" });
    // The next save, with the geocoder back, places it.
    fake.mode = "up";
    const again = await saveAsAdmin(eventForm({ streetAddress: "Järntorget 4" }), id);
    expect(again.data).toMatchObject({ ok: true, notice: null });
    expect(await positionOf(id)).toEqual({
      latitude: JARNTORGET.lat,
      longitude: JARNTORGET.lon,
      street: "Järntorget 4",
    });
  });

  it("saves within a few seconds when the geocoder is slow", async () => {
    fake.mode = "slow";
    const started = Date.now();
    const answer = await saveAsAdmin(eventForm({ streetAddress: "Långsamma gatan 1" }));
    expect(Date.now() - started).toBeLessThan(8_000);
    expect(answer.init.status).toBe(201);
    expect(answer.data).toMatchObject({ ok: true, notice: PLACE_UNAVAILABLE });
    expect(await positionOf(savedId(answer))).toMatchObject({ latitude: null, street: "Långsamma gatan 1" });
  });

  it("tells the editor when the address is not found, and asks nothing for an address already placed", async () => {
    const answer = await saveAsAdmin(eventForm({ streetAddress: "Påhittade gränd 99" }));
    expect(answer.data).toMatchObject({ ok: true, notice: PLACE_NOT_FOUND });
    const placed = savedId(await saveAsAdmin(eventForm()));
    const before = fake.requests.length;
    const resaved = await saveAsAdmin(eventForm({ description: "Nu med bildrunda." }), placed);
    expect(resaved.data).toMatchObject({ ok: true, notice: null });
    expect(fake.requests.length).toBe(before);
    expect((await positionOf(placed))?.latitude).toBe(KOMPASSEN.lat);
  });

  it("places a host's event on the host's save, though a host cannot change the address", async () => {
    const db = getDb();
    const event = await insertEvent(db, { streetAddress: "Järntorget 4", city: "Göteborg" });
    const cookie = await signedInCookie("platsvard@example.se", "vardens-losen", "user");
    const [host] = await db.select({ id: user.id }).from(user).where(eq(user.email, "platsvard@example.se"));
    await db.insert(eventHosts).values({ eventId: event.id, userId: host!.id });
    const request = new Request(`${origin()}/quizvard/${event.id}`, {
      method: "POST",
      body: eventForm({ streetAddress: "Någon annan gata 1", description: "Värdens ord." }),
      headers: { cookie, origin: origin() },
    });
    const answer = await callRoute<Answer>(hostEventAction, request, { eventId: event.id });
    expect(answer.init.status).toBe(200);
    expect(await positionOf(event.id)).toEqual({
      latitude: JARNTORGET.lat,
      longitude: JARNTORGET.lon,
      street: "Järntorget 4",
    });
  });

  it("asks nothing and says nothing without GEOCODER_URL", async () => {
    setEnv({ ...original });
    try {
      const before = fake.requests.length;
      const answer = await saveAsAdmin(eventForm({ streetAddress: "Järntorget 4" }));
      expect(answer.data).toMatchObject({ ok: true, notice: null });
      expect(fake.requests.length).toBe(before);
      expect((await positionOf(savedId(answer)))?.latitude).toBeNull();
    } finally {
      setEnv({ ...original, GEOCODER_URL: fake.url });
    }
  });

  it("refuses a position outside Sweden in the database itself", async () => {
    const event = await insertEvent(getDb(), {});
    await expect(
      getDb().update(events).set({ latitude: 52.52, longitude: 13.4 }).where(eq(events.id, event.id)),
    ).rejects.toThrow();
    await expect(
      getDb().update(events).set({ latitude: 57.7 }).where(eq(events.id, event.id)),
    ).rejects.toThrow();
  });
});
