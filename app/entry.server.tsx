import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import {
  type EntryContext,
  type HandleErrorFunction,
  isRouteErrorResponse,
  type RouterContextProvider,
  ServerRouter,
} from "react-router";
import { CspNonceContext } from "~/lib/csp-nonce";
import { databaseUnavailableResponse, reportRequestError } from "~/lib/db-availability.server";
import { logger } from "~/lib/logger.server";
import { requestContext } from "~/lib/request-context.server";
import { currentRequestScope, currentRequestSignal } from "~/lib/request-scope.server";
import { scriptsAfterPaintStream } from "~/lib/scripts-after-paint.server";
import { UNAVAILABLE_STATUS } from "~/lib/unavailable";

// The HTTP server reaches the app's runtime (database, jobs) and its two busiest writes through the build's
// entry module (server/server.ts, server/hot-writes.ts).
export { hotWrites } from "~/hot-writes.server";
export { startApp } from "~/lifecycle.server";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext?: RouterContextProvider,
) {
  // A loader or action failed because the database cannot answer: React Router renders the page again with
  // this 503 as the route error, so the visitor gets the outage page (root.tsx) in the site's shell, and the
  // browser, hydrating, gets the same error (a thrown Error would reach it only as "Unexpected Server Error").
  if (
    responseStatusCode >= 500 &&
    responseStatusCode !== UNAVAILABLE_STATUS &&
    currentRequestScope()?.databaseUnavailable
  )
    throw databaseUnavailableResponse();
  // Every inline script of the document carries the response's nonce (server/security-headers.ts).
  const nonce = loadContext?.get(requestContext).cspNonce;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers and no-JS clients get the whole document at once.
    const readyOption =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <CspNonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </CspNonceContext.Provider>,
      {
        nonce,
        // Completed Suspense boundaries stay in place in the HTML: React would otherwise move large ones
        // to the end of the document, to be put back by an inline script, and a client without
        // JavaScript would never see them (home defers hydrating most of its server-rendered cards).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          const body = scriptsAfterPaintStream(() => clearTimeout(timeoutId));
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          if (request.signal.aborted) return;
          responseStatusCode = 500;
          if (shellRendered) logger.error({ err: error }, "render error");
        },
      },
    );
    // A client that went away gets no more rendering, so the server's time goes to those still waiting
    // (under overload this is what lets the queue drain at once when a storm ends). The request scope's
    // signal knows it earliest (server/request-handler.ts).
    const gone = currentRequestSignal() ?? request.signal;
    gone.addEventListener(
      "abort",
      () => {
        clearTimeout(timeoutId);
        abort();
      },
      { once: true },
    );
    // An already-aborted signal fires no event: the client left before the render began.
    if (gone.aborted) {
      clearTimeout(timeoutId);
      abort();
    }
  });
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  // The outage answer (thrown by getDb while the database is down, or by handleRequest to have the page
  // rendered again) is no error of its own.
  if (request.signal.aborted || error instanceof Response) return;
  // A refusal (a 4xx a route threw, or one a route's boundary passed on to the site's) is an answer.
  if (isRouteErrorResponse(error) && (error.status < 500 || error.status === UNAVAILABLE_STATUS)) return;
  if (reportRequestError(error)) {
    logger.warn(
      { err: error, url: request.url, requestId: request.headers.get("x-request-id") },
      "database unavailable",
    );
    return;
  }
  logger.error(
    { err: error, url: request.url, requestId: request.headers.get("x-request-id") },
    "unhandled error",
  );
};
