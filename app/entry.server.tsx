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

// The HTTP server (server/server.ts) reaches the app's runtime and busiest writes through the build's entry module.
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
  // Rendered again with the 503 as the route error: a thrown Error would reach the hydrating browser only
  // as "Unexpected Server Error".
  if (
    responseStatusCode >= 500 &&
    responseStatusCode !== UNAVAILABLE_STATUS &&
    currentRequestScope()?.databaseUnavailable
  )
    throw databaseUnavailableResponse();
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
        // Otherwise React moves large boundaries to the end, put back by a script no-JS clients never run.
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
    // Under overload this lets the queue drain at once when a storm ends; the scope's signal knows earliest.
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
  // The outage answer (a thrown Response) is no error of its own.
  if (request.signal.aborted || error instanceof Response) return;
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
