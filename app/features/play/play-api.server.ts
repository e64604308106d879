import type { z } from "zod";
import type { Db } from "~/lib/db.server";
import { clientIp, hitRateLimit, tooManyRequests } from "~/lib/rate-limit.server";
import { PlayError } from "./play.server";

/** Visitor play endpoints share one per-IP budget: generous for real play, a wall for scripted floods. */
export const PLAY_RATE_LIMIT = { limit: 240, windowMs: 60_000 };

/** Parses a JSON body with a schema; bad JSON or bad fields become a 400 JSON error, never a 500. */
export async function readJsonBody<T extends z.ZodType>(request: Request, schema: T): Promise<z.output<T>> {
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    throw Response.json({ error: "Ogiltig förfrågan" }, { status: 400 });
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw Response.json({ error: "Ogiltiga uppgifter" }, { status: 400 });
  return parsed.data;
}

export async function limitPlayRequests(db: Db, request: Request): Promise<void> {
  const outcome = await hitRateLimit(db, `quiz-play:${clientIp(request)}`, PLAY_RATE_LIMIT);
  if (!outcome.allowed) throw tooManyRequests(outcome);
}

/** Turns an expected PlayError into its JSON 4xx; anything else is rethrown for the error boundary. */
export function playErrorResponse(error: unknown): Response {
  if (error instanceof PlayError) return Response.json({ error: error.message }, { status: error.status });
  throw error;
}

export function requirePost(request: Request): void {
  if (request.method !== "POST") throw Response.json({ error: "Metoden stöds inte" }, { status: 405 });
}
