/**
 * The server answers 503 with `X-Load-Shed: 1` when it turned a request away before doing anything with
 * it (server/load-shed.ts). Such a request is safe to send again, whatever its method, so the one browser
 * fetch wrapper (lib/api-client.ts, also handed to better-auth's client) retries it after the server's
 * Retry-After, with jitter so a crowd of phones does not return in step. React Router's own data requests
 * get it in entry.client.tsx (`routerFetch`); see docs/decisions/016-one-browser-fetch-and-shed-retry.md.
 */
export const SHED_HEADER = "X-Load-Shed";
/** The body of a shed answer: the server sends it, and a page load that met it is retried on it. */
export const SHED_MESSAGE = "Quizkväll har mycket att göra just nu. Försök igen om en stund.";
const MAX_RETRIES = 3;
const MAX_DELAY_MS = 5_000;

type Fetch = typeof fetch;

/** Seconds from Retry-After (1 when missing or unreadable), growing with each attempt, with ±50 % jitter. */
function retryDelayMs(retryAfter: string | null, attempt: number, random = Math.random): number {
  const seconds = Number(retryAfter);
  const base = (Number.isFinite(seconds) && seconds > 0 ? seconds : 1) * 1_000 * 2 ** attempt;
  return Math.min(MAX_DELAY_MS, Math.round(base * (0.5 + random())));
}

/** A body that can be sent again unchanged (a stream cannot). */
function isReplayable(body: BodyInit | null | undefined): boolean {
  return body == null || !(typeof ReadableStream !== "undefined" && body instanceof ReadableStream);
}

function wait(ms: number, signal?: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

export function withShedRetry(
  fetchImpl: Fetch,
  options: { random?: () => number; sleep?: typeof wait } = {},
): Fetch {
  const sleep = options.sleep ?? wait;
  return async (input, init) => {
    const isRequest = typeof Request !== "undefined" && input instanceof Request;
    // A Request is cloned for every attempt, so its own body is never used up; a stream in init cannot be.
    if (!isReplayable(init?.body)) return fetchImpl(input, init);
    for (let attempt = 0; ; attempt++) {
      const response = await fetchImpl(isRequest ? input.clone() : input, init);
      if (response.status !== 503 || response.headers.get(SHED_HEADER) !== "1" || attempt >= MAX_RETRIES) {
        return response;
      }
      await response.body?.cancel().catch(() => {});
      const signal = init?.signal ?? (isRequest ? input.signal : undefined);
      await sleep(retryDelayMs(response.headers.get("Retry-After"), attempt, options.random), signal);
    }
  };
}

/** React Router's single-fetch requests (page data, fetcher loads, form actions): same origin, `*.data`. */
function isRouterDataRequest(input: RequestInfo | URL, origin: string): boolean {
  const raw = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
  try {
    const url = new URL(raw, origin);
    return url.origin === origin && url.pathname.endsWith(".data");
  } catch {
    return false;
  }
}

/**
 * A fetch that gives React Router's data requests the shed retry and leaves every other call alone (the
 * app's own calls already retry in lib/api-client.ts).
 */
export function routerFetch(
  fetchImpl: Fetch,
  origin: string,
  options: Parameters<typeof withShedRetry>[1] = {},
): Fetch {
  const retrying = withShedRetry(fetchImpl, options);
  return (input, init) =>
    isRouterDataRequest(input, origin) ? retrying(input, init) : fetchImpl(input, init);
}
