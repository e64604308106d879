/**
 * A 503 with `X-Load-Shed: 1` was turned away before any work (server/load-shed.ts), so it is safe to resend
 * whatever its method: retried after Retry-After with jitter so phones do not return in step (decision 016).
 */
export const SHED_HEADER = "X-Load-Shed";
export const SHED_MESSAGE = "Quizkväll har mycket att göra just nu. Försök igen om en stund.";
const MAX_RETRIES = 3;
const MAX_DELAY_MS = 5_000;

type Fetch = typeof fetch;

/** ±50 % jitter. */
function retryDelayMs(retryAfter: string | null, attempt: number, random = Math.random): number {
  const seconds = Number(retryAfter);
  const base = (Number.isFinite(seconds) && seconds > 0 ? seconds : 1) * 1_000 * 2 ** attempt;
  return Math.min(MAX_DELAY_MS, Math.round(base * (0.5 + random())));
}

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
    // A stream in init cannot be sent twice.
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

function isRouterDataRequest(input: RequestInfo | URL, origin: string): boolean {
  const raw = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
  try {
    const url = new URL(raw, origin);
    return url.origin === origin && url.pathname.endsWith(".data");
  } catch {
    return false;
  }
}

/** Only React Router's data requests: the app's own calls already retry in lib/api-client.ts. */
export function routerFetch(
  fetchImpl: Fetch,
  origin: string,
  options: Parameters<typeof withShedRetry>[1] = {},
): Fetch {
  const retrying = withShedRetry(fetchImpl, options);
  return (input, init) =>
    isRouterDataRequest(input, origin) ? retrying(input, init) : fetchImpl(input, init);
}
