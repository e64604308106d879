import {
  MAGIC_LINK_TTL_SECONDS,
  RESET_TTL_SECONDS,
  SESSION_TTL_SECONDS,
} from "~/features/auth/public.server";
import { BEER_COOLDOWN_MS } from "~/features/beers/public";
import { CONFIRM_LINK_TTL_MS } from "~/features/follows/public.server";
import { FAILED_MAIL_RETENTION_MS, SENT_MAIL_RETENTION_MS } from "~/features/mail/public.server";
import type { Env } from "~/lib/env.server";
import { RATE_LIMIT_ROWS_KEPT_MS } from "~/lib/rate-limit.server";
import { formatLongDate } from "~/lib/time";
import type { NoticeFacts } from "./notice-facts";
import { daysLabel, periodLabel, RETENTION_DAYS } from "./retention";

/** The day the notice's wording last changed; a change to what it says moves it. */
const NOTICE_UPDATED = "2026-11-29T12:00:00Z";

/** The notice's facts for this installation, from its settings and the rules that keep the data. */
export function noticeFacts(env: Env): NoticeFacts {
  const days = RETENTION_DAYS;
  return {
    controller: env.PRIVACY_CONTROLLER,
    contact: env.privacyContact,
    site: new URL(env.publicUrl).host,
    transfers: env.PRIVACY_TRANSFERS ?? null,
    mailService: Boolean(env.SMTP_URL),
    bucket: !env.S3_BUCKET ? "none" : env.S3_PUBLIC_URL ? "public" : "private",
    separateDatabase: !env.isEmbeddedDb,
    mapTilesHost: new URL(env.mapTiles.origin).host,
    kept: {
      session: periodLabel(SESSION_TTL_SECONDS * 1000),
      // Sign-in links and reset links and codes last as long; the notice names one period for them.
      signInLink: periodLabel(Math.max(MAGIC_LINK_TTL_SECONDS, RESET_TTL_SECONDS) * 1000),
      expiredSignIn: daysLabel(days.expiredSignIn),
      idleHostAccount: daysLabel(days.idleHostAccount),
      beerCooldown: periodLabel(BEER_COOLDOWN_MS),
      beerCooldownRow: daysLabel(days.beerCooldown),
      beerClick: daysLabel(days.beerClick),
      confirmation: daysLabel(days.confirmation),
      resolvedNotHeld: daysLabel(days.resolvedNotHeld),
      playLink: daysLabel(days.playLink),
      rateLimit: periodLabel(RATE_LIMIT_ROWS_KEPT_MS.usual),
      rateLimitLongest: periodLabel(RATE_LIMIT_ROWS_KEPT_MS.longest),
      resolvedReport: daysLabel(days.resolvedReport),
      decidedClaim: daysLabel(days.decidedClaim),
      unconfirmedList: periodLabel(CONFIRM_LINK_TTL_MS),
      sentMail: periodLabel(SENT_MAIL_RETENTION_MS),
      failedMail: periodLabel(FAILED_MAIL_RETENTION_MS),
      logs: daysLabel(env.PRIVACY_LOG_DAYS),
      backups: daysLabel(env.PRIVACY_BACKUP_DAYS),
    },
    updated: formatLongDate(NOTICE_UPDATED),
  };
}
