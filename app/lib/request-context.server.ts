import { createContext, RouterContextProvider } from "react-router";
import type { Logger } from "~/lib/logger.server";

export type RequestContext = {
  requestId: string;
  logger: Logger;
  cspNonce?: string;
  /** For when the database cannot serve the page (server/page-cache.ts); false when there is no copy. */
  serveStale?: () => boolean;
};

// A global: the server sets it and the app's build reads it, and they load this module separately.
const KEY = Symbol.for("quizkvall.requestContext");
type Key = ReturnType<typeof createContext<RequestContext>>;
type WithKey = typeof globalThis & { [KEY]?: Key };

function sharedKey(): Key {
  const g = globalThis as WithKey;
  g[KEY] ??= createContext<RequestContext>();
  return g[KEY];
}

export const requestContext = sharedKey();

export function routerContextFor(value: RequestContext): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(requestContext, value);
  return context;
}
