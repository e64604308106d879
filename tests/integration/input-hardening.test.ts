import fs from "node:fs";
import path from "node:path";
import { crc32 } from "node:zlib";
import { count } from "drizzle-orm";
import sharp from "sharp";
import { assert, beforeAll, describe, expect, it } from "vitest";
import { events, quizQuestions, quizzes, reports, user } from "~/db/schema";
import { MAX_IMAGE_PIXELS } from "~/features/images/upload.server";
import { getPublicQuestions } from "~/features/play/public-questions.server";
import { getQuestionsWithKey } from "~/features/quizzes/quiz-queries.server";
import { getDb } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { type FormFailure, firstErrorOf } from "~/lib/form-errors";
import { CONTROL_CHARACTERS_MESSAGE } from "~/lib/text-input";
import { action as editorAction } from "~/routes/admin/quizzes-editor";
import { action as eventsAction } from "~/routes/api/admin/events";
import { action as reportAction } from "~/routes/api/reports";
import { action as suggestionAction } from "~/routes/api/reports-suggestions";
import { sessionCookie } from "../support/admin-session";
import { authRequest } from "../support/auth-sessions";
import { callRoute } from "../support/call-route";
import { insertEvent, insertQuiz } from "../support/factories";

const TOO_MANY_PIXELS = "Bilden har för hög upplösning. Största tillåtna storlek är 40 megapixel.";

/**
 * Bad input in text fields (NUL and other control characters, which PostgreSQL partly refuses) answers a
 * Swedish 4xx and writes nothing; uploads with too many pixels are refused before they are stored; a
 * failed quiz save leaves no image behind.
 */

let ip = 0;
const json = (url: string, body: unknown) =>
  new Request(`http://localhost:3000${url}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-quizkvall-client-ip": `10.9.0.${++ip}` },
    body: JSON.stringify(body),
  });

let adminCookie: string;
beforeAll(async () => {
  adminCookie = await sessionCookie({ admin: true });
});

const rows = async (
  table: typeof reports | typeof events | typeof quizzes | typeof quizQuestions | typeof user,
) => {
  const [row] = await getDb().select({ n: count() }).from(table);
  assert(row);
  return row.n;
};

/** The answer's payload: a JSON body, or the data of a React Router `data()` result. */
async function errorOf(result: unknown): Promise<{ status: number; error: string }> {
  if (result instanceof Response)
    return { status: result.status, ...((await result.json()) as { error: string }) };
  // A form's refusal (lib/app-error.ts formFailure) says it at a field or in one line.
  const d = result as { data: { error?: string } & Partial<FormFailure>; init?: { status?: number } };
  const { error, fieldErrors = {}, formError = null } = d.data;
  return { status: d.init?.status ?? 200, error: error ?? firstErrorOf({ fieldErrors, formError }) ?? "" };
}

const BAD = ["a\u0000b", "a\u0007b", "a\u001bb", "a\u007fb", "a\u0085b"];

describe("control characters in text fields", () => {
  it("reports and suggestions answer 400 with the Swedish message and store nothing", async () => {
    const event = await insertEvent(getDb());
    const before = await rows(reports);
    for (const bad of BAD) {
      for (const body of [
        { eventId: event.id, reportType: "other", title: bad, description: "D" },
        { eventId: event.id, reportType: "other", title: "T", description: bad },
        { eventId: event.id, reportType: "other", title: "T", description: "D", reporterName: bad },
        {
          eventId: event.id,
          reportType: "other",
          title: "T",
          description: "D",
          contactEmail: `k${bad}@x.se`,
        },
      ]) {
        const res = await callRoute(reportAction, json("/api/reports", body));
        expect(res.status).toBe(400);
        expect(((await res.json()) as { error: string }).error).toBe(CONTROL_CHARACTERS_MESSAGE);
      }
      const res = await callRoute(
        suggestionAction,
        json("/api/suggestions", { venueName: bad, city: "Malmö" }),
      );
      expect(res.status).toBe(400);
      const info = await callRoute(
        suggestionAction,
        json("/api/suggestions", { venueName: "Pelikan", city: "Malmö", additionalInfo: bad }),
      );
      expect(info.status).toBe(400);
    }
    expect(await rows(reports)).toBe(before);
  });

  it("keeps ordinary line breaks and tabs in multi-line fields", async () => {
    const event = await insertEvent(getDb());
    const res = await callRoute(
      reportAction,
      json("/api/reports", {
        eventId: event.id,
        reportType: "other",
        title: "Fel tid",
        description: "Rad ett\r\nRad två\n\tindrag",
      }),
    );
    expect(res.status).toBe(201);
  });

  it("sign-in, sign-up and reset e-mails answer 400 with the Swedish message, never a 500", async () => {
    const users = await rows(user);
    for (const bad of BAD) {
      for (const [pathname, body] of [
        ["/sign-in/email", { email: `a${bad}@example.se`, password: "hemligt1" }],
        ["/sign-up/email", { email: `a${bad}@example.se`, password: "hemligt1", name: "N" }],
        ["/sign-up/email", { email: "ny-namn@example.se", password: "hemligt1", name: bad }],
        ["/request-password-reset", { email: `a${bad}@example.se`, redirectTo: "/admin" }],
        [
          "/email-otp/check-verification-otp",
          { email: `a${bad}@example.se`, otp: "123456", type: "forget-password" },
        ],
      ] as const) {
        const res = await authRequest(pathname, body);
        expect(res.status, `${pathname} ${JSON.stringify(body)}`).toBe(400);
        expect(((await res.json()) as { message: string }).message).toBe(CONTROL_CHARACTERS_MESSAGE);
      }
    }
    expect(await rows(user)).toBe(users);
  });

  it("the event form answers 400 with the Swedish message and stores nothing", async () => {
    const before = await rows(events);
    for (const bad of BAD) {
      for (const field of ["title", "description", "location", "instagram", "email", "website"]) {
        const form = new FormData();
        const fields: Record<string, string> = {
          title: "Quiz på Pelikan",
          scheduleWeekday: "Onsdag",
          scheduleTime: "19:30",
          city: "Malmö",
          quizType: "Quiz",
          maxPersonsPerTeam: "-",
          recurrence: "weekly",
          [field]: bad,
        };
        for (const [k, v] of Object.entries(fields)) form.append(k, v);
        const request = new Request("http://localhost:3000/api/admin/events", {
          method: "POST",
          body: form,
          headers: { cookie: adminCookie },
        });
        const res = await callRoute(eventsAction, request);
        expect(res.status, field).toBe(400);
        expect(((await res.json()) as { error: string }).error).toBe(CONTROL_CHARACTERS_MESSAGE);
      }
    }
    expect(await rows(events)).toBe(before);
  });

  it("the quiz editor answers 400 with the Swedish message for quiz, question and option text", async () => {
    const quiz = await insertQuiz(getDb());
    const [quizzesBefore, questionsBefore] = [await rows(quizzes), await rows(quizQuestions)];
    for (const bad of BAD) {
      const forms: [Record<string, string>, string | undefined][] = [
        [{ intent: "save-quiz", title: bad, category: "AllmänQuiz" }, undefined],
        [{ intent: "save-quiz", title: "Quiz", category: "AllmänQuiz", description: bad }, quiz.id],
        [
          {
            intent: "add-question",
            questionText: bad,
            optionA: "a",
            optionB: "b",
            optionC: "c",
            correct: "0",
          },
          quiz.id,
        ],
        [
          {
            intent: "add-question",
            questionText: "Q?",
            optionA: "a",
            optionB: bad,
            optionC: "c",
            correct: "0",
          },
          quiz.id,
        ],
        [
          {
            intent: "add-question",
            questionText: "Q?",
            optionA: "a",
            optionB: "b",
            optionC: "c",
            correct: "0",
            imageAlt: bad,
          },
          quiz.id,
        ],
      ];
      for (const [fields, id] of forms) {
        const result = await editorAction({
          request: editorRequest(fields, id),
          params: id ? { id } : {},
          context: {},
        } as never);
        const { status, error } = await errorOf(result);
        expect(status, JSON.stringify(fields)).toBe(400);
        expect(error).toBe(CONTROL_CHARACTERS_MESSAGE);
      }
    }
    expect([await rows(quizzes), await rows(quizQuestions)]).toEqual([quizzesBefore, questionsBefore]);
  });
});

function editorRequest(fields: Record<string, string>, quizId?: string, image?: File) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (image) form.append("image", image);
  const url = quizId ? `/admin/quizzes/${quizId}/edit` : "/admin/quizzes/new";
  return new Request(`http://localhost:3000${url}`, {
    method: "POST",
    body: form,
    headers: { cookie: adminCookie },
  });
}

/** A PNG whose header declares width × height, with a single tiny compressed row: a few hundred bytes. */
function pngDeclaring(width: number, height: number): Uint8Array<ArrayBuffer> {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new Uint8Array(
    Buffer.concat([
      signature,
      chunk("IHDR", ihdr),
      chunk("IDAT", Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
      chunk("IEND", Buffer.alloc(0)),
    ]),
  );
}

function storedQuizImages(): string[] {
  const dir = path.join(getEnv().dataDir, "uploads", "quiz-images");
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => !f.endsWith(".tmp")) : [];
}

describe("uploads", () => {
  it("refuses an image over 40 megapixels with a Swedish message, reading only its header", async () => {
    const bomb = pngDeclaring(8_000, 6_000); // 48 MP declared in a few dozen bytes
    expect(8_000 * 6_000).toBeGreaterThan(MAX_IMAGE_PIXELS);
    const before = storedQuizImages();
    const result = await editorAction({
      request: editorRequest(
        { intent: "save-quiz", title: "Bomb", category: "AllmänQuiz" },
        undefined,
        new File([bomb], "bomb.png", { type: "image/png" }),
      ),
      params: {},
      context: {},
    } as never);
    const { status, error } = await errorOf(result);
    expect(status).toBe(400);
    expect(error).toBe(TOO_MANY_PIXELS);
    expect(storedQuizImages()).toEqual(before);

    // The event form gives the same message.
    const form = new FormData();
    for (const [k, v] of Object.entries({
      title: "Quiz på Pelikan",
      scheduleWeekday: "Onsdag",
      scheduleTime: "19:30",
      city: "Malmö",
      quizType: "Quiz",
      maxPersonsPerTeam: "-",
      recurrence: "weekly",
    }))
      form.append(k, v);
    form.append("image", new File([bomb], "bomb.png", { type: "image/png" }));
    const res = await callRoute(
      eventsAction,
      new Request("http://localhost:3000/api/admin/events", {
        method: "POST",
        body: form,
        headers: { cookie: adminCookie },
      }),
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe(TOO_MANY_PIXELS);
  });

  it("a quiz save that fails after its image was stored leaves no image behind", async () => {
    const image = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#c96" } })
      .png()
      .toBuffer();
    const file = () => new File([new Uint8Array(image)], "bild.png", { type: "image/png" });
    const before = storedQuizImages();
    const missingQuiz = "00000000-0000-4000-8000-000000000000";
    const saveMissing = await errorOf(
      await editorAction({
        request: editorRequest(
          { intent: "save-quiz", title: "Borta", category: "AllmänQuiz" },
          missingQuiz,
          file(),
        ),
        params: { id: missingQuiz },
        context: {},
      } as never),
    );
    expect(saveMissing).toEqual({ status: 400, error: "Quizet hittades inte" });
    const quiz = await insertQuiz(getDb());
    const updateMissing = await errorOf(
      await editorAction({
        request: editorRequest(
          {
            intent: "update-question",
            questionId: "00000000-0000-4000-8000-000000000001",
            questionText: "Q?",
            optionA: "a",
            optionB: "b",
            optionC: "c",
            correct: "0",
          },
          quiz.id,
          file(),
        ),
        params: { id: quiz.id },
        context: {},
      } as never),
    );
    expect(updateMissing).toEqual({ status: 400, error: "Frågan hittades inte" });
    expect(storedQuizImages()).toEqual(before);

    // A save that succeeds keeps its image.
    const ok = await editorAction({
      request: editorRequest(
        { intent: "save-quiz", title: "Med bild", category: "AllmänQuiz" },
        quiz.id,
        file(),
      ),
      params: { id: quiz.id },
      context: {},
    } as never);
    expect((await errorOf(ok)).status).toBe(200);
    expect(storedQuizImages()).toHaveLength(before.length + 1);
  });
});

describe("question image alt text", () => {
  const question = {
    questionText: "Vilken stad?",
    optionA: "Lund",
    optionB: "Umeå",
    optionC: "Visby",
    correct: "2",
  };
  const save = async (fields: Record<string, string>, quizId: string) => {
    const result = await editorAction({
      request: editorRequest(fields, quizId),
      params: { id: quizId },
      context: {},
    } as never);
    expect((result as { ok?: boolean }).ok ?? (result as { data?: { ok?: boolean } }).data?.ok).toBe(true);
  };

  it("is saved trimmed, reaches the player, and is cleared when saved empty", async () => {
    const quiz = await insertQuiz(getDb());
    await save({ intent: "add-question", ...question, imageAlt: "  Ett torn vid en ringmur  " }, quiz.id);
    const saved = (await getQuestionsWithKey(getDb(), quiz.id)).at(-1)!;
    expect(saved.imageAlt).toBe("Ett torn vid en ringmur");
    const played = (await getPublicQuestions(getDb(), quiz.id)).at(-1)!;
    expect(played.imageAlt).toBe("Ett torn vid en ringmur");

    await save({ intent: "update-question", questionId: saved.id, ...question, imageAlt: "" }, quiz.id);
    const cleared = (await getPublicQuestions(getDb(), quiz.id)).at(-1)!;
    expect(cleared.imageAlt).toBeNull();
  });

  it("refuses more than 300 characters with a Swedish message and saves nothing", async () => {
    const quiz = await insertQuiz(getDb());
    const before = await getQuestionsWithKey(getDb(), quiz.id);
    const result = await editorAction({
      request: editorRequest({ intent: "add-question", ...question, imageAlt: "x".repeat(301) }, quiz.id),
      params: { id: quiz.id },
      context: {},
    } as never);
    const { status, error } = await errorOf(result);
    expect(status).toBe(400);
    expect(error).toBe("Bildtexten får vara högst 300 tecken");
    expect(await getQuestionsWithKey(getDb(), quiz.id)).toEqual(before);
  });
});
