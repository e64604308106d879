import { isValidDate } from "~/features/events/public";
import { appSecret } from "~/lib/app-secret.server";
import { signParts, verifiedParts } from "~/lib/signed-token.server";
import { type TonightAnswer, tonightLinkExpiry } from "./tonight";

/** One link of a morning mail: one answer, about one event's night, from one host. */
export type TonightLink = { answer: TonightAnswer; eventId: string; date: string; userId: string };

export type TonightLinkCheck =
  | { ok: true; link: TonightLink; expiresAt: Date }
  | { ok: false; reason: "invalid" | "expired" };

/** Keys for morning-mail links only: a signature made for another kind of link never verifies here. */
const DOMAIN = "quizkvall:tonight-link:v1";
const ANSWERS: readonly TonightAnswer[] = ["yes", "no"];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * `{answer}.{eventId}.{date}.{userId as base64url}.{HMAC-SHA256 of those}`; it expires with its date, so the
 * expiry needs no field of its own.
 */
export function signTonightLink(link: TonightLink, secret: string = appSecret()): string {
  const user = Buffer.from(link.userId).toString("base64url");
  return signParts(DOMAIN, [link.answer, link.eventId, link.date, user], secret);
}

/** Checks a token's signature and its date's end; every field is read from the signed part only. */
export function verifyTonightLink(token: string, now: Date, secret: string = appSecret()): TonightLinkCheck {
  const parts = verifiedParts(DOMAIN, token, 4, secret);
  if (!parts) return { ok: false, reason: "invalid" };
  const [answer, eventId, date, user] = parts as [string, string, string, string];
  const userId = Buffer.from(user, "base64url").toString();
  if (!ANSWERS.includes(answer as TonightAnswer) || !UUID.test(eventId) || !userId)
    return { ok: false, reason: "invalid" };
  if (!DATE.test(date) || !isValidDate(date)) return { ok: false, reason: "invalid" };
  const expiresAt = tonightLinkExpiry(date);
  if (now.getTime() >= expiresAt.getTime()) return { ok: false, reason: "expired" };
  return { ok: true, link: { answer: answer as TonightAnswer, eventId, date, userId }, expiresAt };
}
