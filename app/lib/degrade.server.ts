import type { MiddlewareFunction } from "react-router";
import {
  databaseIsDown,
  databaseUnavailableResponse,
  reportRequestError,
} from "~/lib/db-availability.server";
import { requestContext } from "~/lib/request-context.server";
import { currentRequestScope } from "~/lib/request-scope.server";
import { SHED_HEADER } from "~/lib/shed-retry";
import { UNAVAILABLE_MESSAGE, UNAVAILABLE_STATUS } from "~/lib/unavailable";

/**
 * The stored copy of the page however old, else a Swedish 503 the client can read (decision 023). The request
 * was not carried out, so a GET is marked as shed (safe to retry).
 */
export const degradeWhenDatabaseDown: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  let response: Response;
  try {
    response = await next();
  } catch (error) {
    // A page's failure is rendered by its error boundary; only a resource route's comes here.
    if (error instanceof Response || !reportRequestError(error)) throw error;
    response = databaseUnavailableResponse();
  }
  const path = new URL(request.url).pathname;
  const isApi = path.startsWith("/api/");
  const scope = currentRequestScope();
  const unavailable = scope?.databaseUnavailable || (isApi && response.status >= 500 && databaseIsDown());
  if (!unavailable || response.status < 500) return response;
  // The adapter sends nothing more for a response that has ended.
  if (context.get(requestContext).serveStale?.()) {
    await response.body?.cancel();
    return new Response(null, { status: 200 });
  }
  let answer = response;
  const isJson = /^application\/json\b/.test(response.headers.get("content-type") ?? "");
  if (isApi && (response.status !== UNAVAILABLE_STATUS || !isJson)) {
    await response.body?.cancel();
    answer = databaseUnavailableResponse();
  } else if (path.endsWith(".data") && response.status !== UNAVAILABLE_STATUS) {
    await response.body?.cancel();
    answer = new Response(UNAVAILABLE_MESSAGE, {
      status: UNAVAILABLE_STATUS,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const headers = new Headers(answer.headers);
  headers.set("Cache-Control", "no-store");
  if (!headers.has("Retry-After")) headers.set("Retry-After", "1");
  if (request.method === "GET" || request.method === "HEAD") headers.set(SHED_HEADER, "1");
  return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers });
};
