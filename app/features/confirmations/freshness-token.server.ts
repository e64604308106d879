import { appSecret } from "~/lib/app-secret.server";
import { signParts, verifiedParts } from "~/lib/signed-token.server";
import { FRESHNESS_LINK_TTL_DAYS } from "./freshness";

/** What a link of the freshness mail does: "Ja, det stämmer" or "Quizet har upphört". */
export type FreshnessPurpose = "confirm" | "ended";

export type FreshnessLink = {
  purpose: FreshnessPurpose;
  eventId: string;
  /** The cycle the mail asked about (freshness_checks.cycle), so the link answers that one question. */
  cycle: Date;
  expiresAt: Date;
};

export type FreshnessLinkCheck =
  | { ok: true; link: FreshnessLink }
  | { ok: false; reason: "invalid" | "expired" };

/** Keys for freshness links only: a signature made for another kind of link never verifies here. */
const DOMAIN = "quizkvall:freshness-link:v1";
const PURPOSES: readonly FreshnessPurpose[] = ["confirm", "ended"];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A signed link token: `{purpose}.{eventId}.{cycle ms}.{expiry ms}.{HMAC-SHA256 of those}`. */
export function signFreshnessLink(
  link: { purpose: FreshnessPurpose; eventId: string; cycle: Date },
  now: Date,
  secret: string = appSecret(),
): string {
  const expiresAt = now.getTime() + FRESHNESS_LINK_TTL_DAYS * 24 * 60 * 60 * 1000;
  return signParts(DOMAIN, [link.purpose, link.eventId, link.cycle.getTime(), expiresAt], secret);
}

/** Checks a token's signature and expiry; the purpose is read from the signed part, never trusted otherwise. */
export function verifyFreshnessLink(
  token: string,
  now: Date,
  secret: string = appSecret(),
): FreshnessLinkCheck {
  const parts = verifiedParts(DOMAIN, token, 4, secret);
  if (!parts) return { ok: false, reason: "invalid" };
  const [purpose, eventId, cycleMs, expiresMs] = parts as [string, string, string, string];
  if (!PURPOSES.includes(purpose as FreshnessPurpose) || !UUID.test(eventId))
    return { ok: false, reason: "invalid" };
  if (!/^\d{1,15}$/.test(cycleMs) || !/^\d{1,15}$/.test(expiresMs)) return { ok: false, reason: "invalid" };
  const expiresAt = new Date(Number(expiresMs));
  if (now.getTime() >= expiresAt.getTime()) return { ok: false, reason: "expired" };
  return {
    ok: true,
    link: { purpose: purpose as FreshnessPurpose, eventId, cycle: new Date(Number(cycleMs)), expiresAt },
  };
}
