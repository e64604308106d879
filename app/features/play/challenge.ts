import { z } from "zod";
import { lineText } from "~/lib/text-input";
import { PLAY_VISITOR_ID } from "./play-schema";

/** "Utmana en vän": the challenger's result, carried by the link's signed code. */
export type Challenge = { name: string; score: number; total: number };

export const CHALLENGE_PARAM = "utmaning";
const NAME_MAX = 30;

const challengeNameSchema = lineText()
  .trim()
  .max(NAME_MAX, { error: `Namnet får vara högst ${NAME_MAX} tecken.` });

export const challengeRequestSchema = z.object({
  visitorId: PLAY_VISITOR_ID,
  name: challengeNameSchema.optional().default(""),
});

function who(challenge: Challenge): string {
  return challenge.name || "din vän";
}

/** "Kan du slå Anna? 7 av 10" */
export function challengeHeadline(challenge: Challenge): string {
  return `Kan du slå ${who(challenge)}? ${challenge.score} av ${challenge.total}`;
}

/** The line under both results: who won. */
export function challengeVerdict(score: number, challenge: Challenge): string {
  if (score > challenge.score) return `Du slog ${who(challenge)}!`;
  if (score === challenge.score) return "Oavgjort!";
  return `${challenge.name || "Din vän"} vann den här gången.`;
}
