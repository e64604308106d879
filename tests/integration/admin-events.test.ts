import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { assert, beforeAll, describe, expect, it } from "vitest";
import { events } from "~/db/schema";
import { serveImage } from "~/features/images/image-route.server";
import { getDb } from "~/lib/db.server";
import { getEnv, setEnv } from "~/lib/env.server";
import { weekdayOf } from "~/lib/time";
import { action as eventAction, loader as eventLoader } from "~/routes/api/admin/event";
import { action as eventsAction } from "~/routes/api/admin/events";
import { sessionCookie } from "../support/admin-session";
import { callRoute } from "../support/call-route";

/** The admin event API (create, update, delete) with image uploads and the image variant route. */
const MAX_BYTES = 40_000;
let adminCookie: string;
let userCookie: string;

beforeAll(async () => {
  setEnv({ ...getEnv(), UPLOAD_MAX_BYTES: MAX_BYTES });
  adminCookie = await sessionCookie({ admin: true });
  userCookie = await sessionCookie({ admin: false });
});

function post(
  body: FormData,
  cookie = adminCookie,
  url = "http://localhost:3000/api/admin/events",
  method = "POST",
) {
  return new Request(url, { method, body, headers: { cookie } });
}

function eventForm(fields: Record<string, string | string[]> = {}, image?: File) {
  const form = new FormData();
  const all = {
    title: "Quiz på Pelikan",
    scheduleWeekday: ["Onsdag", "Fredag"],
    scheduleTime: ["19:30", "20:00"],
    location: "",
    city: "Malmö",
    quizType: ["Quiz", "MusikQuiz"],
    maxPersonsPerTeam: "-",
    recurrence: "biweekly",
    ...fields,
  };
  for (const [k, v] of Object.entries(all)) for (const item of [v].flat()) form.append(k, item);
  if (image) form.append("image", image);
  return form;
}

async function png(width = 800, height = 450) {
  const bytes = await sharp({ create: { width, height, channels: 3, background: "#c96" } })
    .png()
    .toBuffer();
  return new File([new Uint8Array(bytes)], "bild.png", { type: "image/png" });
}

function storedFiles() {
  const dir = path.join(getEnv().dataDir, "uploads", "event-images");
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => !f.endsWith(".tmp")) : [];
}

describe("admin event API", () => {
  it("refuses visitors and non-admins with a JSON error", async () => {
    const anonymous = await callRoute(eventsAction, post(eventForm(), "")).catch((r: Response) => r);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: "Inloggning krävs" });
    const user = await callRoute(eventsAction, post(eventForm(), userCookie)).catch((r: Response) => r);
    expect(user.status).toBe(403);
    expect((await getDb().select().from(events)).length).toBe(0);
  });

  it("creates an event with an image and two schedule rows, applying the form's defaults", async () => {
    const response = await callRoute(eventsAction, post(eventForm({}, await png())));
    expect(response.status).toBe(201);
    const { event } = await response.json();
    expect(event).toMatchObject({
      title: "Quiz på Pelikan",
      description: "Quiz på Quiz på Pelikan",
      city: "Malmö",
      citySlug: "malmo",
      slug: "quiz-pa-pelikan",
      location: "Malmö",
      quizType: ["Quiz", "MusikQuiz"],
      maxPersonsPerTeam: "-",
      maxAttendees: null,
      recurrence: "biweekly",
      weekday: "Onsdag",
      time: "19:30",
      schedules: [
        { weekday: "Onsdag", time: "19:30" },
        { weekday: "Fredag", time: "20:00" },
      ],
      isNew: true,
    });
    expect(event.image).toMatch(/^\/images\/event-images\/[0-9a-f-]{36}\.png$/);
    const [row] = await getDb().select().from(events).where(eq(events.id, event.id));
    assert(row);
    expect(row.locationAddress).toBe("Malmö, Malmö");
    expect(weekdayOf(row.startTime)).toBe("Onsdag");
    expect(row.startTime.getTime()).toBeGreaterThan(Date.now() + 60 * 60 * 1000 - 24 * 3600 * 1000);
    expect(row.createdBy).not.toBeNull();

    // The image route serves the original and a cached webp variant with long-lived caching.
    const [, , bucket, key] = event.image.split("/");
    const original = await serveImage(new Request(`http://x${event.image}`), bucket, key);
    expect(original.status).toBe(200);
    expect(original.headers.get("content-type")).toBe("image/png");
    const variant = await serveImage(new Request(`http://x${event.image}?w=320`), bucket, key);
    expect(variant.status).toBe(200);
    expect(variant.headers.get("content-type")).toBe("image/webp");
    expect(variant.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const variantBytes = Buffer.from(await variant.arrayBuffer());
    const meta = await sharp(variantBytes).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 320, height: 180 });
    expect(fs.existsSync(path.join(getEnv().dataDir, "cache", "images", bucket, "320", `${key}.webp`))).toBe(
      true,
    );
    const again = await serveImage(new Request(`http://x${event.image}?w=320`), bucket, key);
    expect(Buffer.from(await again.arrayBuffer()).equals(variantBytes)).toBe(true);
  });

  it("refuses other widths, unknown buckets and unsafe keys", async () => {
    const [name] = storedFiles();
    assert(name);
    const url = (q: string) => new Request(`http://x/images/event-images/${name}${q}`);
    expect((await serveImage(url("?w=300"), "event-images", name)).status).toBe(400);
    expect((await serveImage(url("?w=320abc"), "event-images", name)).status).toBe(400);
    expect((await serveImage(url("?w=320&h=10"), "event-images", name)).status).toBe(400);
    expect((await serveImage(url(""), "private", name)).status).toBe(404);
    expect((await serveImage(url(""), "event-images", "../../pglite")).status).toBe(404);
    expect((await serveImage(url(""), "event-images", "saknas.png")).status).toBe(404);
  });

  it("refuses a text file renamed .jpg, an SVG and an over-limit file, storing nothing", async () => {
    const before = storedFiles().length;
    const count = async () => (await getDb().select().from(events)).length;
    const rows = await count();
    const cases: [File, number, RegExp][] = [
      [
        new File(["inte en bild alls, bara text"], "bild.jpg", { type: "image/jpeg" }),
        400,
        /ingen bild som stöds/,
      ],
      [
        new File(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], "x.svg", {
          type: "image/svg+xml",
        }),
        400,
        /SVG tillåts inte/,
      ],
      // A real PNG padded past the limit: refused for its size before its bytes are even read.
      [
        new File([await (await png()).arrayBuffer(), new Uint8Array(MAX_BYTES)], "stor.png"),
        400,
        /för stor.*39 kB/,
      ],
    ];
    const big = cases[2]![0];
    expect(big.size).toBeGreaterThan(MAX_BYTES);
    for (const [file, status, message] of cases) {
      const response = await callRoute(eventsAction, post(eventForm({ title: "Ska inte sparas" }, file)));
      expect(response.status).toBe(status);
      const body = await response.json();
      expect(body.error).toMatch(message);
      expect(body.field).toBe("image");
    }
    expect(storedFiles().length).toBe(before);
    expect(await count()).toBe(rows);
  });

  it("refuses an empty title with its Swedish message and saves nothing", async () => {
    const rows = (await getDb().select().from(events)).length;
    const response = await callRoute(eventsAction, post(eventForm({ title: "   " }, await png())));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "Titel är obligatorisk", field: "title" });
    expect((await getDb().select().from(events)).length).toBe(rows);
  });

  it("refuses a phone field with other than phone-number characters, saving nothing", async () => {
    const rows = (await getDb().select().from(events)).length;
    const response = await callRoute(
      eventsAction,
      post(eventForm({ phone: "Ring 031-12 34 56" }, await png())),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: "Ange ett giltigt telefonnummer: siffror, mellanslag, +, - och parenteser",
      field: "phone",
    });
    expect((await getDb().select().from(events)).length).toBe(rows);
    const saved = await callRoute(eventsAction, post(eventForm({ phone: "+46 (0)40-12 34 56" })));
    expect(saved.status).toBe(201);
    expect((await saved.json()).event.phone).toBe("+46 (0)40-12 34 56");
  });

  it("updates an event: empty location and link keep the old ones, a new title gets a new slug", async () => {
    const created = await (
      await callRoute(
        eventsAction,
        post(
          eventForm({ title: "Redigeras", location: "Gamla krogen", locationUrl: "https://maps.example/gk" }),
        ),
      )
    ).json();
    const id = created.event.id as string;
    const url = `http://localhost:3000/api/admin/events/${id}`;
    const response = await callRoute(
      eventAction,
      post(
        eventForm({
          title: "Redigerad",
          scheduleWeekday: ["Söndag"],
          scheduleTime: ["18:00"],
          maxPersonsPerTeam: "8",
        }),
        adminCookie,
        url,
        "PATCH",
      ),
      { id },
    );
    expect(response.status).toBe(200);
    const { event } = await response.json();
    expect(event).toMatchObject({
      title: "Redigerad",
      slug: "redigerad",
      location: "Gamla krogen",
      locationUrl: "https://maps.example/gk",
      weekday: "Söndag",
      time: "18:00",
      schedules: [{ weekday: "Söndag", time: "18:00" }],
      maxPersonsPerTeam: 8,
      maxAttendees: 80,
    });

    const missing = "00000000-0000-4000-8000-000000000000";
    const notFound = await callRoute(
      eventAction,
      post(eventForm(), adminCookie, `http://localhost:3000/api/admin/events/${missing}`, "PATCH"),
      { id: missing },
    );
    expect(notFound.status).toBe(404);
  });

  it("gives an admin the whole event for the edit form (home's cards carry only what they show)", async () => {
    const created = await (await callRoute(eventsAction, post(eventForm({ title: "Redigeras" })))).json();
    const id = created.event.id as string;
    const read = (cookie: string, eventId = id) =>
      callRoute(eventLoader, new Request(`http://x/api/admin/events/${eventId}`, { headers: { cookie } }), {
        id: eventId,
      }).catch((thrown: Response) => thrown);
    const answer = await read(adminCookie);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    const { event } = await answer.json();
    expect(event).toMatchObject({
      id,
      title: "Redigeras",
      recurrence: "biweekly",
      schedules: [
        { weekday: "Onsdag", time: "19:30" },
        { weekday: "Fredag", time: "20:00" },
      ],
      exceptions: [],
    });
    expect((await read(adminCookie, "00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await read(adminCookie, "inte-ett-id")).status).toBe(404);
    expect((await read(userCookie)).status).toBe(403);
    expect((await read("")).status).toBe(401);
  });

  it("deletes an event, then answers 404", async () => {
    const created = await (await callRoute(eventsAction, post(eventForm({ title: "Tas bort" })))).json();
    const id = created.event.id as string;
    const del = () =>
      callRoute(
        eventAction,
        new Request(`http://x/api/admin/events/${id}`, {
          method: "DELETE",
          headers: { cookie: adminCookie },
        }),
        {
          id,
        },
      );
    expect((await del()).status).toBe(200);
    expect(await getDb().select().from(events).where(eq(events.id, id))).toEqual([]);
    expect((await del()).status).toBe(404);
    const bad = await callRoute(
      eventAction,
      new Request("http://x/api/admin/events/inte-ett-id", {
        method: "DELETE",
        headers: { cookie: adminCookie },
      }),
      { id: "inte-ett-id" },
    );
    expect(bad.status).toBe(404);
  });
});
