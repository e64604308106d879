import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  ensureMyQuizzesKey,
  myFeedPath,
  readMyQuizzes,
  refreshMyQuizzes,
  removeQuiz,
  saveQuiz,
} from "./my-quizzes-store";

type Put = { path: string; body: { eventIds: string[]; writeKey: string; previous: string[] } };

const STORAGE_KEY = "quizkvall_mina_quiz";
const QUIZ = { id: "3f1e2d4c-0000-4000-8000-000000000001", title: "Ölquiz", path: "/quiz/goteborg/olquiz" };
const OTHER = { id: "3f1e2d4c-0000-4000-8000-000000000002", title: "Vinquiz", path: "/quiz/malmo/vinquiz" };
const KEY_SHAPE = /^[A-Za-z0-9_-]{43}$/;

let storage: Map<string, string>;
let puts: Put[];
let statuses: number[];
/** What the server answers it stores, per write; by default what was sent. */
let answers: (string[] | undefined)[];

beforeEach(() => {
  storage = new Map();
  puts = [];
  statuses = [];
  answers = [];
  vi.stubGlobal("window", {
    localStorage: {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => storage.set(k, v),
    },
  });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init: RequestInit) => {
      const body0 = JSON.parse(String(init.body)) as Put["body"];
      puts.push({ path: input, body: body0 });
      const status = statuses.shift() ?? 200;
      const stored = answers.shift() ?? body0.eventIds;
      const body =
        status === 200
          ? { ok: true, eventIds: stored }
          : { error: "Listan kan bara ändras från webbläsaren som sparade den." };
      return Response.json(body, { status });
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

const stored = () => JSON.parse(storage.get(STORAGE_KEY) ?? "null");

describe("Mina quiz in the browser", () => {
  it("makes a feed key and a separate write key on the first save and sends the write key with every write", async () => {
    await saveQuiz(QUIZ);
    const { key, writeKey } = stored();
    expect(key).toMatch(KEY_SHAPE);
    expect(writeKey).toMatch(KEY_SHAPE);
    expect(writeKey).not.toBe(key);
    expect(myFeedPath(readMyQuizzes().key)).not.toContain(writeKey);
    await saveQuiz(OTHER);
    await removeQuiz(QUIZ.id);
    expect(puts).toEqual([
      { path: `/api/my-quizzes/${key}`, body: { eventIds: [QUIZ.id], writeKey, previous: [] } },
      {
        path: `/api/my-quizzes/${key}`,
        body: { eventIds: [QUIZ.id, OTHER.id], writeKey, previous: [QUIZ.id] },
      },
      {
        path: `/api/my-quizzes/${key}`,
        body: { eventIds: [OTHER.id], writeKey, previous: [QUIZ.id, OTHER.id] },
      },
    ]);
  });

  it("gives a list stored before write keys a write key on its next write, under the key it had", async () => {
    const oldKey = "gammalNyckel_0123456789abcdefghijklmnopqrstu";
    storage.set(STORAGE_KEY, JSON.stringify({ key: oldKey, quizzes: [QUIZ] }));
    expect(readMyQuizzes()).toEqual({ key: oldKey, writeKey: "", quizzes: [QUIZ], synced: [] });
    await saveQuiz(OTHER);
    expect(stored()).toEqual({
      key: oldKey,
      writeKey: expect.stringMatching(KEY_SHAPE),
      quizzes: [QUIZ, OTHER],
      synced: [QUIZ.id, OTHER.id],
    });
    expect(puts).toEqual([
      {
        path: `/api/my-quizzes/${oldKey}`,
        body: { eventIds: [QUIZ.id, OTHER.id], writeKey: stored().writeKey, previous: [] },
      },
    ]);
  });

  it("moves the list to new keys of its own when the server says another write key holds the address", async () => {
    const oldKey = "gammalNyckel_0123456789abcdefghijklmnopqrstu";
    storage.set(STORAGE_KEY, JSON.stringify({ key: oldKey, quizzes: [QUIZ] }));
    statuses = [403];
    await saveQuiz(OTHER);
    const moved = stored();
    expect(moved.key).not.toBe(oldKey);
    expect(moved.key).toMatch(KEY_SHAPE);
    expect(moved.quizzes).toEqual([QUIZ, OTHER]);
    expect(puts.map((p) => p.path)).toEqual([`/api/my-quizzes/${oldKey}`, `/api/my-quizzes/${moved.key}`]);
    expect(puts[1]?.body).toEqual({ eventIds: [QUIZ.id, OTHER.id], writeKey: moved.writeKey, previous: [] });
  });

  it("passes on any other failure, the list kept in the browser", async () => {
    statuses = [429];
    await expect(saveQuiz(QUIZ)).rejects.toMatchObject({ status: 429 });
    expect(stored().quizzes).toEqual([QUIZ]);
    expect(puts).toHaveLength(1);
  });

  it("takes an event off the list when the server says its follow ended, and keeps the keys a follow named", async () => {
    const key = ensureMyQuizzesKey();
    expect(key).toMatch(KEY_SHAPE);
    expect(ensureMyQuizzesKey()).toBe(key);
    expect(puts).toEqual([]);
    await saveQuiz(QUIZ);
    await saveQuiz(OTHER);
    // One click in a reminder ended the follow of QUIZ: the server no longer stores it.
    answers = [[OTHER.id]];
    await refreshMyQuizzes();
    expect(puts.at(-1)?.body).toMatchObject({ eventIds: [QUIZ.id, OTHER.id], previous: [QUIZ.id, OTHER.id] });
    expect(stored()).toMatchObject({ key, quizzes: [OTHER], synced: [OTHER.id] });
    // Starred again afterwards, it is a new wish and is sent as such.
    await saveQuiz(QUIZ);
    expect(puts.at(-1)?.body).toMatchObject({ eventIds: [OTHER.id, QUIZ.id], previous: [OTHER.id] });
    expect(readMyQuizzes().quizzes).toEqual([OTHER, QUIZ]);
  });
});
