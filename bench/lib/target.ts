import fs from "node:fs";
import { type SpawnedServer, spawnServer, stopServer } from "../../tests/support/spawn-server";

/**
 * The server a benchmark measures: BENCH_URL when one is already running, otherwise the production build
 * started here on the configured database (DATABASE_URL, or PGlite in DATA_DIR, default ./data), with the
 * data the operator prepared with `npm run bench:data`.
 */
export async function startTarget(extraEnv: Record<string, string> = {}): Promise<{
  baseUrl: string;
  stop: () => Promise<void>;
  server?: SpawnedServer;
}> {
  if (process.env.BENCH_URL)
    return { baseUrl: process.env.BENCH_URL.replace(/\/$/, ""), stop: async () => {} };
  if (!fs.existsSync("build/server/index.js"))
    throw new Error("No production build: run `npm run build` first");
  const server = await spawnServer({
    DATA_DIR: process.env.DATA_DIR ?? "./data",
    LOG_LEVEL: "warn",
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    ...extraEnv,
  });
  return { baseUrl: server.baseUrl, server, stop: () => stopServer(server) };
}

/** The first event page linked from a city page, unless BENCH_EVENT_PATH names one. */
export async function findEventPath(baseUrl: string): Promise<string> {
  if (process.env.BENCH_EVENT_PATH) return process.env.BENCH_EVENT_PATH;
  const html = await (await fetch(`${baseUrl}/quiz/goteborg`)).text();
  // The city page also links its weekday pages (/quiz/goteborg/mandag …) and its map: an event page is any
  // other slug.
  const notEvents = new Set(["mandag", "tisdag", "onsdag", "torsdag", "fredag", "lordag", "sondag", "karta"]);
  const match = [...html.matchAll(/href="(\/quiz\/goteborg\/([^"/?#.]+))"/g)].find(
    (m) => !notEvents.has(m[2] ?? ""),
  );
  if (!match?.[1])
    throw new Error("No event link on /quiz/goteborg: set BENCH_EVENT_PATH=/quiz/<stad>/<slug>");
  return match[1];
}

/** The first quiz's player linked from the quiz list, unless BENCH_PLAYER_PATH names one. */
export async function findPlayerPath(baseUrl: string): Promise<string | undefined> {
  if (process.env.BENCH_PLAYER_PATH) return process.env.BENCH_PLAYER_PATH;
  const html = await (await fetch(`${baseUrl}/veckans-nutidsquiz`)).text();
  return /href="(\/veckans-nutidsquiz\/[^"?#]+)"/.exec(html)?.[1];
}
