import { type ContentScope, currentRequestScope } from "./request-scope.server";

export type { ContentScope } from "./request-scope.server";

/**
 * The page cache is emptied by what writes say they changed, not by the URL posted to (decision 022).
 * In a request the change is announced when its work has ended (committed by then); outside, at once.
 */
type Listener = (scopes: ReadonlySet<ContentScope>) => void;

// A global: the server and the app's build load this module separately.
const KEY = Symbol.for("quizkvall.contentListeners");
type WithListeners = typeof globalThis & { [KEY]?: Set<Listener> };

function listeners(): Set<Listener> {
  const g = globalThis as WithListeners;
  g[KEY] ??= new Set();
  return g[KEY];
}

/** Call only after the write has committed. */
export function contentChanged(...scopes: ContentScope[]) {
  const request = currentRequestScope();
  if (request) {
    for (const scope of scopes) request.changed.add(scope);
    return;
  }
  announceContentChange(new Set(scopes));
}

/** A page that declares nothing depends on everything. */
export function pageShows(...scopes: ContentScope[]) {
  const request = currentRequestScope();
  if (request) for (const scope of scopes) request.shown.add(scope);
}

export function announceContentChange(scopes: ReadonlySet<ContentScope>) {
  if (scopes.size === 0) return;
  for (const listener of listeners()) listener(scopes);
}

export function onContentChange(listener: Listener): () => void {
  listeners().add(listener);
  return () => listeners().delete(listener);
}
