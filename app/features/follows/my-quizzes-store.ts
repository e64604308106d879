import { ApiError, apiFetch } from "~/lib/api-client";

/** The feed key only reads the server copy and the write key changes it, so a shared feed address cannot alter the list. */
const MY_QUIZZES_STORAGE_KEY = "quizkvall_mina_quiz";

export type SavedQuiz = { id: string; title: string; path: string };
/** `writeKey` is empty in lists stored before write keys; the next write claims the list. */
export type MyQuizzes = { key: string; writeKey: string; quizzes: SavedQuiz[]; synced: string[] };

const EMPTY: MyQuizzes = { key: "", writeKey: "", quizzes: [], synced: [] };
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

/** The same object while unchanged: useSyncExternalStore compares by identity. */
export function readMyQuizzes(): MyQuizzes {
  const raw = readRaw();
  if (cached && cached.raw === raw) return cached.value;
  let value = EMPTY;
  try {
    const parsed = raw ? (JSON.parse(raw) as Partial<MyQuizzes>) : null;
    if (parsed && typeof parsed.key === "string" && Array.isArray(parsed.quizzes)) {
      const writeKey = typeof parsed.writeKey === "string" ? parsed.writeKey : "";
      const synced = Array.isArray(parsed.synced) ? parsed.synced.filter((id) => typeof id === "string") : [];
      value = { key: parsed.key, writeKey, quizzes: parsed.quizzes, synced };
    }
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

function store(next: MyQuizzes) {
  try {
    window.localStorage.setItem(MY_QUIZZES_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage blocked: the list lives for this page only.
  }
  for (const listener of listeners) listener();
}

/** Events whose follow ended are gone from the server's answer. */
async function send(list: MyQuizzes): Promise<void> {
  const sent = list.quizzes.map((q) => q.id);
  const answer = await apiFetch<{ eventIds?: string[] }>(`/api/my-quizzes/${list.key}`, {
    method: "PUT",
    json: { eventIds: sent, writeKey: list.writeKey, previous: list.synced },
  });
  const stored = answer?.eventIds;
  if (!Array.isArray(stored)) return;
  const gone = sent.filter((id) => !stored.includes(id));
  const latest = readMyQuizzes();
  store({ ...latest, quizzes: latest.quizzes.filter((q) => !gone.includes(q.id)), synced: stored });
}

/** A follow names the list before its first write. */
export function ensureMyQuizzesKey(): string {
  const current = readMyQuizzes();
  if (current.key && current.writeKey) return current.key;
  const next = { ...current, key: current.key || newKey(), writeKey: current.writeKey || newKey() };
  store(next);
  return next.key;
}

async function write(quizzes: SavedQuiz[]): Promise<void> {
  const current = readMyQuizzes();
  const next = { ...current, key: current.key || newKey(), writeKey: current.writeKey || newKey(), quizzes };
  store(next);
  try {
    await send(next);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 403) throw error;
    // A list from before write keys, claimed elsewhere first: it moves to an address of its own.
    const moved = { key: newKey(), writeKey: newKey(), quizzes, synced: [] };
    store(moved);
    await send(moved);
  }
}

/** Picks up follows ended by mail. */
export function refreshMyQuizzes(): Promise<void> {
  const current = readMyQuizzes();
  return current.key && current.quizzes.length ? write(current.quizzes) : Promise.resolve();
}

export function saveQuiz(quiz: SavedQuiz): Promise<void> {
  const current = readMyQuizzes();
  if (current.quizzes.some((q) => q.id === quiz.id)) return Promise.resolve();
  return write([...current.quizzes, quiz]);
}

export function removeQuiz(id: string): Promise<void> {
  return write(readMyQuizzes().quizzes.filter((q) => q.id !== id));
}

export const myFeedPath = (key: string) => `/mina-quiz/${key}/kalender.ics`;
