import { AsyncLocalStorage } from "node:async_hooks";

export type ContentScope = "events" | "quizzes";

/** For code deep inside features that cannot be handed the request (server/request-handler.ts). */
export type RequestScope = {
  signal?: AbortSignal;
  changed: Set<ContentScope>;
  /** Empty = everything. */
  shown: Set<ContentScope>;
  databaseUnavailable: boolean;
};

export function newRequestScope(signal?: AbortSignal): RequestScope {
  return { signal, changed: new Set(), shown: new Set(), databaseUnavailable: false };
}

// A global: the server and the app's build load this module separately.
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

/** For work serving several requests at once: one client leaving must not drop the others' work. */
export function runOutsideRequestScope<T>(run: () => T): T {
  return store().exit(run);
}

export function currentRequestScope(): RequestScope | undefined {
  return store().getStore();
}

export function currentRequestSignal(): AbortSignal | undefined {
  return store().getStore()?.signal;
}
