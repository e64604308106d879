import fs from "node:fs";
import path from "node:path";
import { getTableColumns, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import sharp from "sharp";
import { afterAll, assert, beforeAll, describe, expect, it, vi } from "vitest";
import * as schema from "~/db/schema";
import { listReferencedImages, sweepOrphanImages } from "~/features/images/image-lifecycle.server";
import { serveImage } from "~/features/images/image-route.server";
import { handleEditorAction } from "~/features/quizzes/editor-actions.server";
import { deleteQuiz } from "~/features/quizzes/quiz-mutations.server";
import { getDb } from "~/lib/db.server";
import { type Env, getEnv, parseEnv, setEnv } from "~/lib/env.server";
import { VARIANT_WIDTHS } from "~/lib/storage";
import {
  type Bucket,
  getStorage,
  parseImageUrl,
  publicImageUrl,
  StorageUnavailableError,
} from "~/lib/storage.server";
import { action as eventAction } from "~/routes/api/admin/event";
import { action as eventsAction } from "~/routes/api/admin/events";
import { sessionCookie } from "../support/admin-session";
import { callRoute } from "../support/call-route";
import { insertEvent, insertQuiz } from "../support/factories";
import { startTestBucket, type TestBucket } from "../support/s3";

/**
 * Images have a lifecycle: replacing or deleting the image of an event, quiz or question removes the
 * original and every variant once no row shows it, on local disk and in an S3 bucket alike; a save that
 * fails keeps the image; a delete that fails does not fail the save and is caught by the sweep.
 */
let baseEnv: Env;
let adminCookie: string;
let s3: TestBucket;

beforeAll(async () => {
  baseEnv = getEnv();
  adminCookie = await sessionCookie({ admin: true });
  s3 = await startTestBucket();
});

afterAll(async () => {
  setEnv(baseEnv);
  await s3.stop();
  s3.remove();
});

let shade = 0;
/** A small PNG with different bytes each time. */
async function png() {
  shade += 1;
  const bytes = await sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: shade % 256, g: 90, b: 160 } },
  })
    .png()
    .toBuffer();
  return new File([new Uint8Array(bytes)], "bild.png", { type: "image/png" });
}

function eventForm(title: string, image?: File) {
  const form = new FormData();
  const fields = {
    title,
    scheduleWeekday: "Onsdag",
    scheduleTime: "19:30",
    location: "Hörnan",
    city: "Malmö",
    quizType: "Quiz",
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (image) form.append("image", image);
  return form;
}

function adminRequest(url: string, method: string, body?: FormData) {
  return new Request(`http://localhost:3000${url}`, { method, body, headers: { cookie: adminCookie } });
}

async function createEventWithImage(title: string) {
  const response = await callRoute(
    eventsAction,
    adminRequest("/api/admin/events", "POST", eventForm(title, await png())),
  );
  expect(response.status).toBe(201);
  return ((await response.json()) as { event: { id: string; image: string } }).event;
}

async function replaceEventImage(id: string, title: string) {
  const response = await callRoute(
    eventAction,
    adminRequest(`/api/admin/events/${id}`, "PATCH", eventForm(title, await png())),
    { id },
  );
  return response;
}

async function serve(url: string) {
  const stored = parseImageUrl(url.split("?")[0]!);
  assert(stored);
  return serveImage(new Request(`http://localhost:3000${url}`), stored.bucket, stored.key);
}

/** Asks for the original and every variant, so the storage holds all of them. */
async function viewEverySize(url: string) {
  expect((await serve(url)).status).toBe(200);
  for (const width of VARIANT_WIDTHS) expect((await serve(`${url}?w=${width}`)).status).toBe(200);
}

async function listedKeys(bucket: Bucket) {
  const keys: string[] = [];
  for await (const object of getStorage().list(bucket)) keys.push(object.key);
  return keys;
}

/** Whether anything of the image is still stored: original, any variant, or a listed object. */
async function storedParts(url: string) {
  const stored = parseImageUrl(url);
  assert(stored);
  const storage = getStorage();
  const parts: string[] = [];
  if (await storage.get(stored.bucket, stored.key)) parts.push("original");
  for (const width of VARIANT_WIDTHS)
    if (await storage.getVariant(stored.bucket, stored.key, width)) parts.push(`w${width}`);
  if ((await listedKeys(stored.bucket)).includes(stored.key)) parts.push("listed");
  return parts;
}

/** On disk, every file under DATA_DIR/uploads and DATA_DIR/cache whose name holds the key. */
function filesOnDisk(url: string) {
  const key = parseImageUrl(url)?.key ?? "";
  const found: string[] = [];
  for (const root of ["uploads", "cache"]) {
    const dir = path.join(getEnv().dataDir, root);
    if (!fs.existsSync(dir)) continue;
    for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true }))
      if (entry.isFile() && entry.name.includes(key)) found.push(path.join(entry.parentPath, entry.name));
  }
  return found;
}

const STORAGES = [
  { name: "local disk", use: () => {} },
  {
    name: "an S3 bucket",
    use: () => setEnv(parseEnv({ ...envOf(baseEnv), ...s3.env })),
  },
] as const;

function envOf(env: Env) {
  return { NODE_ENV: "test", DATA_DIR: env.dataDir, PUBLIC_URL: env.publicUrl, LOG_LEVEL: "silent" };
}

describe.each(STORAGES)("on $name", ({ name, use }) => {
  beforeAll(() => {
    setEnv(baseEnv);
    use();
  });
  afterAll(() => {
    setEnv(baseEnv);
  });

  it("an event's image replaced three times then the event deleted leaves nothing, variants included", async () => {
    const first = await createEventWithImage(`Bildbyte ${name}`);
    const urls = [first.image];
    await viewEverySize(first.image);
    for (let i = 0; i < 3; i++) {
      const response = await replaceEventImage(first.id, `Bildbyte ${name}`);
      expect(response.status).toBe(200);
      const { event } = (await response.json()) as { event: { image: string } };
      urls.push(event.image);
      await viewEverySize(event.image);
      // The image it replaced is gone at once, the new one is there.
      expect(await storedParts(urls.at(-2)!)).toEqual([]);
      expect(await storedParts(event.image)).toContain("original");
    }
    expect(new Set(urls).size).toBe(4);

    const deleted = await callRoute(eventAction, adminRequest(`/api/admin/events/${first.id}`, "DELETE"), {
      id: first.id,
    });
    expect(deleted.status).toBe(200);
    for (const url of urls) {
      expect(await storedParts(url)).toEqual([]);
      expect((await serve(url)).status).toBe(404);
      if (name === "local disk") expect(filesOnDisk(url)).toEqual([]);
    }
  });

  it("a quiz's and its questions' images go when replaced and when the quiz is deleted", async () => {
    const db = getDb();
    const quizForm = async (title: string) => {
      const form = new FormData();
      form.set("intent", "save-quiz");
      form.set("title", title);
      form.set("category", "BildQuiz");
      form.set("difficulty", "medium");
      form.set("image", await png());
      return form;
    };
    const questionForm = async (intent: string, questionId?: string) => {
      const form = new FormData();
      form.set("intent", intent);
      form.set("questionText", "Vilken färg?");
      form.set("optionA", "Röd");
      form.set("optionB", "Grön");
      form.set("optionC", "Blå");
      form.set("correct", "2");
      form.set("image", await png());
      if (questionId) form.set("questionId", questionId);
      return form;
    };
    const quizImage = async (id: string) =>
      (await db.select().from(schema.quizzes).where(sql`${schema.quizzes.id} = ${id}`))[0]?.imageUrl ?? "";
    const questionOf = async (id: string) =>
      (await db.select().from(schema.quizQuestions).where(sql`${schema.quizQuestions.quizId} = ${id}`))[0];

    const created = await handleEditorAction(db, await quizForm(`Bildquiz ${name}`), null);
    assert(created.ok);
    const quizId = created.quizId;
    const firstQuizImage = await quizImage(quizId);
    await viewEverySize(firstQuizImage);

    expect((await handleEditorAction(db, await questionForm("add-question"), quizId)).ok).toBe(true);
    const question = await questionOf(quizId);
    assert(question?.imageUrl);
    const firstQuestionImage = question.imageUrl;
    await viewEverySize(firstQuestionImage);

    expect(
      (await handleEditorAction(db, await questionForm("update-question", question.id), quizId)).ok,
    ).toBe(true);
    const secondQuestionImage = (await questionOf(quizId))?.imageUrl ?? "";
    expect(secondQuestionImage).not.toBe(firstQuestionImage);
    expect(await storedParts(firstQuestionImage)).toEqual([]);

    expect((await handleEditorAction(db, await quizForm(`Bildquiz ${name}`), quizId)).ok).toBe(true);
    const secondQuizImage = await quizImage(quizId);
    expect(secondQuizImage).not.toBe(firstQuizImage);
    expect(await storedParts(firstQuizImage)).toEqual([]);
    await viewEverySize(secondQuizImage);

    expect(await deleteQuiz(db, quizId)).toBe(true);
    for (const url of [secondQuizImage, secondQuestionImage]) expect(await storedParts(url)).toEqual([]);
  });

  it("an image several rows show (as the demo's are) stays until the last of them lets it go", async () => {
    const db = getDb();
    const key = `demo-delad-${name.replaceAll(" ", "-")}.png`;
    await getStorage().put(
      "event-images",
      key,
      new Uint8Array(await (await png()).arrayBuffer()),
      "image/png",
    );
    const shared = publicImageUrl("event-images", key);
    const a = await insertEvent(db, { title: "Delad A", imageUrl: shared });
    const b = await insertEvent(db, { title: "Delad B", imageUrl: shared });
    const quiz = await insertQuiz(db, { imageUrl: shared });
    await viewEverySize(shared);

    const removeA = await callRoute(eventAction, adminRequest(`/api/admin/events/${a.id}`, "DELETE"), {
      id: a.id,
    });
    expect(removeA.status).toBe(200);
    expect(await storedParts(shared)).toContain("original");
    expect((await replaceEventImage(b.id, "Delad B")).status).toBe(200);
    // The quiz, another table, still shows it.
    expect(await storedParts(shared)).toContain("original");
    expect((await serve(`${shared}?w=320`)).status).toBe(200);
    expect(await deleteQuiz(db, quiz.id)).toBe(true);
    expect(await storedParts(shared)).toEqual([]);
  });

  it("a save that fails keeps the image its row still shows, and discards the new one", async () => {
    const db = getDb();
    const event = await createEventWithImage(`Felsparande ${name}`);
    await db.execute(sql`create or replace function refuse_crash_title() returns trigger language plpgsql as $$
      begin
        if new.title = 'Kraschar' then raise exception 'refused by the test'; end if;
        return new;
      end $$`);
    await db.execute(sql`create trigger refuse_crash_title before update on events
      for each row execute function refuse_crash_title()`);
    const uploadsBefore = await listedKeys("event-images");
    try {
      const failed = await replaceEventImage(event.id, "Kraschar").catch((error: unknown) => error);
      expect(failed).toBeInstanceOf(Error);
    } finally {
      await db.execute(sql`drop trigger refuse_crash_title on events`);
      await db.execute(sql`drop function refuse_crash_title()`);
    }
    expect(await storedParts(event.image)).toContain("original");
    expect((await serve(event.image)).status).toBe(200);
    // The upload of the failed save is not left behind.
    expect((await listedKeys("event-images")).sort()).toEqual(uploadsBefore.sort());
  });

  it("a delete the storage refuses does not fail the save; the sweep removes the image later", async () => {
    const db = getDb();
    const event = await createEventWithImage(`Lagring nere ${name}`);
    await viewEverySize(event.image);
    const refusing = vi
      .spyOn(getStorage(), "delete")
      .mockRejectedValue(new StorageUnavailableError("bucket down for deletes"));
    let response: Response;
    try {
      response = await replaceEventImage(event.id, `Lagring nere ${name}`);
    } finally {
      refusing.mockRestore();
    }
    expect(response.status).toBe(200);
    const { event: saved } = (await response.json()) as { event: { image: string } };
    expect(saved.image).not.toBe(event.image);
    expect(await storedParts(event.image)).toContain("original");

    // Too new for the sweep at first (its save may still be on the way), then gone, variants included.
    const early = await sweepOrphanImages(db);
    expect(early.removed).not.toContain(event.image);
    const later = await sweepOrphanImages(db, { now: new Date(Date.now() + 2 * 60 * 60 * 1000) });
    expect(later.removed).toContain(event.image);
    expect(later.removed).not.toContain(saved.image);
    expect(await storedParts(event.image)).toEqual([]);
    expect(await storedParts(saved.image)).toContain("original");
  });

  it("the sweep removes variants whose original is gone, and only what no row shows", async () => {
    const db = getDb();
    const storage = getStorage();
    const event = await createEventWithImage(`Sopning ${name}`);
    const orphanVariant = `${crypto.randomUUID()}.png`;
    await storage.putVariant("quiz-images", orphanVariant, 640, new Uint8Array([1, 2, 3]));
    const orphanOriginal = `${crypto.randomUUID()}.jpg`;
    await storage.put("quiz-images", orphanOriginal, new Uint8Array([4, 5, 6]), "image/jpeg");
    const later = new Date(Date.now() + 2 * 60 * 60 * 1000);

    const dry = await sweepOrphanImages(db, { now: later, dryRun: true });
    expect(dry.removed).toEqual(
      expect.arrayContaining([
        publicImageUrl("quiz-images", orphanVariant),
        publicImageUrl("quiz-images", orphanOriginal),
      ]),
    );
    expect(await storedParts(publicImageUrl("quiz-images", orphanOriginal))).toContain("original");

    const swept = await sweepOrphanImages(db, { now: later });
    expect(swept.removed).not.toContain(event.image);
    expect(await storedParts(publicImageUrl("quiz-images", orphanVariant))).toEqual([]);
    expect(await storedParts(publicImageUrl("quiz-images", orphanOriginal))).toEqual([]);
    expect(await storedParts(event.image)).toContain("original");
  });
});

describe("where image addresses live", () => {
  it("finds an image address in every column of the schema that can hold one", async () => {
    const db = getDb();
    await insertEvent(db);
    await insertQuiz(db);
    const columns: string[] = [];
    for (const table of Object.values(schema)) {
      if (!is(table, PgTable)) continue;
      for (const column of Object.values(getTableColumns(table))) {
        // better-auth's profile picture address, never set to an upload.
        if (table === schema.user && column.name === "image") continue;
        if (!/image/i.test(column.name) || column.dataType !== "string" || /alt$/.test(column.name)) continue;
        const marker = publicImageUrl("event-images", `${column.name}-${crypto.randomUUID()}.webp`);
        await db.execute(
          sql`update ${table} set ${sql.identifier(column.name)} = ${marker} where ctid = (select ctid from ${table} limit 1)`,
        );
        // A column the sweep does not read would let it remove an image this row still shows.
        expect(await listReferencedImages(db), `${column.name} is read`).toContain(marker);
        columns.push(column.name);
      }
    }
    expect(columns).toHaveLength(3);
  });
});
