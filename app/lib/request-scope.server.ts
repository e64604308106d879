import { AsyncLocalStorage } from "node:async_hooks";

/** What a page's content is made of, as far as the page cache is concerned (lib/content-changes.server.ts). */
export type ContentScope = "events" | "quizzes";

/**
 * The request being served, for the code under it that cannot be handed it by hand (database calls deep
 * inside features), and what that code learned about it for the server around it
 * (server/request-handler.ts): what the request's writes changed, what its page shows, and whether the
 * database failed it.
 */
export type RequestScope = {
  /** Fires when the client goes away (PGlite then drops the request's queued queries, lib/db.server.ts). */
  signal?: AbortSignal;
  /** Content the request's writes changed: the page cache drops the pages showing it once the work ends. */
  changed: Set<ContentScope>;
  /** Content the rendered page shows: a change to any of it drops the cached page. Empty = everything. */
  shown: Set<ContentScope>;
  /** The database could not answer for this request (lib/db-availability.server.ts). */
  databaseUnavailable: boolean;
};

export function newRequestScope(signal?: AbortSignal): RequestScope {
  return { signal, changed: new Set(), shown: new Set(), databaseUnavailable: false };
}

// One store per process (a global), shared by the server and the app's build, which load this module
// separately.
const KEY = Symbol.for("quizkvall.requestScope");
type WithStore = typeof globalThis & { [KEY]?: AsyncLocalStorage<RequestScope> };

function store(): AsyncLocalStorage<RequestScope> {
  const g = globalThis as WithStore;
  g[KEY] ??= new AsyncLocalStorage<RequestScope>();
  return g[KEY];
}

export function runInRequestScope<T>(scope: RequestScope, run: () => T): T {
  return store().run(scope, run);
}

/**
 * Runs work that serves several requests at once (a statement of many visitors' skålor) outside any one
 * request's scope: one client leaving must not drop the others' work.
 */
export function runOutsideRequestScope<T>(run: () => T): T {
  return store().exit(run);
}

/** The scope of the request this code runs for; undefined outside a request (jobs, scripts, tests). */
export function currentRequestScope(): RequestScope | undefined {
  return store().getStore();
}

/** The abort signal of the request this code runs for; undefined outside a request. */
export function currentRequestSignal(): AbortSignal | undefined {
  return store().getStore()?.signal;
}
