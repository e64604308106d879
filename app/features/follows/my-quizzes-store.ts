import { apiFetch } from "~/lib/api-client";

/**
 * "Mina quiz" lives in the browser (localStorage): the events the visitor follows or stars, and the random
 * key of the one calendar feed that combines them. Whenever the list changes it is written to the server
 * under that key (PUT /api/my-quizzes/:key), which serves the feed; no account, nothing else is sent.
 */
const MY_QUIZZES_STORAGE_KEY = "quizkvall_mina_quiz";

export type SavedQuiz = { id: string; title: string; path: string };
export type MyQuizzes = { key: string; quizzes: SavedQuiz[] };

const EMPTY: MyQuizzes = { key: "", quizzes: [] };
const listeners = new Set<() => void>();
let cached: { raw: string | null; value: MyQuizzes } | null = null;

function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(MY_QUIZZES_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The stored list; the same object while it is unchanged (useSyncExternalStore compares by identity). */
export function readMyQuizzes(): MyQuizzes {
  const raw = readRaw();
  if (cached && cached.raw === raw) return cached.value;
  let value = EMPTY;
  try {
    const parsed = raw ? (JSON.parse(raw) as MyQuizzes) : null;
    if (parsed && typeof parsed.key === "string" && Array.isArray(parsed.quizzes)) value = parsed;
  } catch {
    // A damaged entry starts over.
  }
  cached = { raw, value };
  return value;
}

export const serverSnapshot = (): MyQuizzes | null => null;

export function subscribeMyQuizzes(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === MY_QUIZZES_STORAGE_KEY) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

async function write(next: MyQuizzes): Promise<void> {
  try {
    window.localStorage.setItem(MY_QUIZZES_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage blocked: the list lives for this page only.
  }
  for (const listener of listeners) listener();
  await apiFetch(`/api/my-quizzes/${next.key}`, {
    method: "PUT",
    json: { eventIds: next.quizzes.map((q) => q.id) },
  });
}

export function saveQuiz(quiz: SavedQuiz): Promise<void> {
  const current = readMyQuizzes();
  if (current.quizzes.some((q) => q.id === quiz.id)) return Promise.resolve();
  return write({ key: current.key || newKey(), quizzes: [...current.quizzes, quiz] });
}

export function removeQuiz(id: string): Promise<void> {
  const current = readMyQuizzes();
  return write({ key: current.key || newKey(), quizzes: current.quizzes.filter((q) => q.id !== id) });
}

/** The feed's path for a key. */
export const myFeedPath = (key: string) => `/mina-quiz/${key}/kalender.ics`;
