import autocannon from "autocannon";

/**
 * Drives `connections` concurrent clients at a mix of pages for `seconds`, then measures how fast the
 * server answers a single request afterwards. A healthy result: no connection errors or timeouts, every
 * status 2xx/3xx/404 or a deliberate 429/503, and the first request after the storm answered at once.
 */
const OVERLOAD_PATHS = ["/", "/quiz/goteborg", "/veckans-nutidsquiz", "/quiz/stockholm", "/finns-inte"];
const ALLOWED = new Set([200, 301, 302, 303, 304, 404, 429, 503]);

export type OverloadResult = {
  connections: number;
  seconds: number;
  requests: number;
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  statuses: Record<string, number>;
  shed: number;
  unexpectedStatuses: Record<string, number>;
  errors: number;
  timeouts: number;
  recoveryMs: number;
  recoveryStatus: number;
};

export async function runOverload(
  baseUrl: string,
  options: { connections: number; seconds: number; paths?: string[] },
): Promise<OverloadResult> {
  const paths = options.paths ?? OVERLOAD_PATHS;
  const result = await autocannon({
    url: baseUrl,
    connections: options.connections,
    duration: options.seconds,
    timeout: 10,
    requests: paths.map((path) => ({ method: "GET", path })),
    headers: { "accept-encoding": "gzip" },
  });
  const statuses: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) statuses[code] = stat.count;
  const unexpectedStatuses = Object.fromEntries(
    Object.entries(statuses).filter(([code]) => !ALLOWED.has(Number(code))),
  );
  // Recovery: how long until a page is served normally again (requests still running for clients that
  // left must finish first), polling as a client honouring a short Retry-After would.
  const started = performance.now();
  let after = await fetch(`${baseUrl}/`);
  while (after.status !== 200 && performance.now() - started < 15_000) {
    await after.arrayBuffer();
    await new Promise((r) => setTimeout(r, 200));
    after = await fetch(`${baseUrl}/`);
  }
  await after.arrayBuffer();
  return {
    connections: options.connections,
    seconds: options.seconds,
    requests: result.requests.total,
    reqPerSec: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    statuses,
    shed: (statuses["503"] ?? 0) + (statuses["429"] ?? 0),
    unexpectedStatuses,
    errors: result.errors,
    timeouts: result.timeouts,
    recoveryMs: Math.round(performance.now() - started),
    recoveryStatus: after.status,
  };
}
