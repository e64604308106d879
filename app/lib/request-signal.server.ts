import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The abort signal of the request being served, for the code under it that cannot be handed one by hand
 * (database calls deep inside features). The server runs each render inside `runWithRequestSignal`; the
 * signal fires when the client goes away. One store per process (a global), shared by the server and the
 * app's build, which load this module separately.
 */
const KEY = Symbol.for("quizkvall.requestSignal");
type WithStore = typeof globalThis & { [KEY]?: AsyncLocalStorage<AbortSignal> };

function store(): AsyncLocalStorage<AbortSignal> {
  const g = globalThis as WithStore;
  g[KEY] ??= new AsyncLocalStorage<AbortSignal>();
  return g[KEY];
}

export function runWithRequestSignal<T>(signal: AbortSignal, run: () => T): T {
  return store().run(signal, run);
}

/** The signal of the request this code runs for; undefined outside a request (jobs, scripts, tests). */
export function currentRequestSignal(): AbortSignal | undefined {
  return store().getStore();
}
