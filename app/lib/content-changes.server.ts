import { type ContentScope, currentRequestScope } from "./request-scope.server";

export type { ContentScope } from "./request-scope.server";

/**
 * The page cache (server/page-cache.ts) is emptied by what the code that writes says it changed, not by
 * which URL was posted to: a write that changes what pages show calls `contentChanged` after it has
 * committed, naming the content; a write that changes nothing a page shows (a skåla's counter, a quiz
 * answer, a sign-out, anything refused) calls nothing, and the cache stays. Pages say what they show with
 * `pageShows`, so a change drops only the pages showing that content (docs/decisions/022).
 *
 * Inside a request the change is announced when the request's work has ended (the write has committed by
 * then, whatever the code around it did); outside one (a scheduled job) at once.
 */
type Listener = (scopes: ReadonlySet<ContentScope>) => void;

// One set of listeners per process, shared by the server and the app's build, which load this module
// separately.
const KEY = Symbol.for("quizkvall.contentListeners");
type WithListeners = typeof globalThis & { [KEY]?: Set<Listener> };

function listeners(): Set<Listener> {
  const g = globalThis as WithListeners;
  g[KEY] ??= new Set();
  return g[KEY];
}

/** Declares that a committed write changed what the pages showing `scopes` show. */
export function contentChanged(...scopes: ContentScope[]) {
  const request = currentRequestScope();
  if (request) {
    for (const scope of scopes) request.changed.add(scope);
    return;
  }
  announceContentChange(new Set(scopes));
}

/** Declares that the page being rendered shows `scopes` (a page that declares nothing depends on everything). */
export function pageShows(...scopes: ContentScope[]) {
  const request = currentRequestScope();
  if (request) for (const scope of scopes) request.shown.add(scope);
}

/** Tells every listener (each running server's page cache) that `scopes` changed. */
export function announceContentChange(scopes: ReadonlySet<ContentScope>) {
  if (scopes.size === 0) return;
  for (const listener of listeners()) listener(scopes);
}

/** Calls `listener` on every announced change until the returned function is called. */
export function onContentChange(listener: Listener): () => void {
  listeners().add(listener);
  return () => listeners().delete(listener);
}
