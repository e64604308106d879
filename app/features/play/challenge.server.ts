import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, isNotNull } from "drizzle-orm";
import { quizPlays } from "~/db/schema";
import { appSecret } from "~/lib/app-secret.server";
import type { Db } from "~/lib/db.server";
import type { Challenge } from "./challenge";

/**
 * A challenge is a signed code, not a row: it holds the quiz, the score and the name the challenger typed,
 * and nothing else (no play id, no answers). Only the server can make one, from a finished play of the
 * visitor who asks; it is good for its own quiz only.
 */
const CODE_MAX = 400;

function signature(payload: string): Buffer {
  return createHmac("sha256", `${appSecret()}:quiz-challenge`).update(payload).digest().subarray(0, 16);
}

function encode(quizId: string, challenge: Challenge): string {
  const payload = Buffer.from(
    JSON.stringify([quizId, challenge.score, challenge.total, challenge.name]),
  ).toString("base64url");
  return `${payload}.${signature(payload).toString("base64url")}`;
}

/** The challenge a link's code carries for `quizId`; null for a code that is not ours or not for this quiz. */
export function readChallenge(code: string | null, quizId: string): Challenge | null {
  if (!code || code.length > CODE_MAX) return null;
  const [payload, given, ...rest] = code.split(".");
  if (!payload || !given || rest.length > 0) return null;
  const expected = signature(payload);
  const sent = Buffer.from(given, "base64url");
  if (sent.length !== expected.length || !timingSafeEqual(sent, expected)) return null;
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  if (!Array.isArray(values) || values[0] !== quizId) return null;
  const [, score, total, name] = values as unknown[];
  if (!Number.isInteger(score) || !Number.isInteger(total) || typeof name !== "string") return null;
  return { score: score as number, total: total as number, name };
}

/** A challenge from the visitor's own finished play, with its quiz; null when there is no such play. */
export async function createChallenge(
  db: Db,
  { playId, visitorId, name }: { playId: string; visitorId: string; name: string },
): Promise<{ quizId: string; code: string } | null> {
  const [play] = await db
    .select({ quizId: quizPlays.quizId, score: quizPlays.score, total: quizPlays.questionCount })
    .from(quizPlays)
    .where(
      and(eq(quizPlays.id, playId), eq(quizPlays.visitorId, visitorId), isNotNull(quizPlays.finishedAt)),
    );
  if (!play) return null;
  return { quizId: play.quizId, code: encode(play.quizId, { score: play.score, total: play.total, name }) };
}
