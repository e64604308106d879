import { createContext, RouterContextProvider } from "react-router";
import type { Logger } from "~/lib/logger.server";

/** What the server hands every request's loaders, actions and middleware (server/server.ts). */
export type RequestContext = {
  requestId: string;
  logger: Logger;
  /** The Content-Security-Policy nonce of this response, for inline scripts. */
  cspNonce?: string;
  /**
   * Writes the server's stored copy of the page to the client, however old, for when the database cannot
   * serve it (server/page-cache.ts); false when there is none.
   */
  serveStale?: () => boolean;
};

// One key per process (a global), shared by the server, which sets it, and the app's build, which reads it:
// the two load this module separately.
const KEY = Symbol.for("quizkvall.requestContext");
type Key = ReturnType<typeof createContext<RequestContext>>;
type WithKey = typeof globalThis & { [KEY]?: Key };

function sharedKey(): Key {
  const g = globalThis as WithKey;
  g[KEY] ??= createContext<RequestContext>();
  return g[KEY];
}

export const requestContext = sharedKey();

/** The router context of one request, as the server's adapter gives it to React Router. */
export function routerContextFor(value: RequestContext): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(requestContext, value);
  return context;
}
