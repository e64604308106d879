import {
  deleteExpiredSessions,
  deleteExpiredVerifications,
  deleteIdleLinkAccounts,
} from "~/features/auth/public.server";
import { deleteOldBeerClicks, deleteOldBeerCooldowns } from "~/features/beers/public.server";
import { deleteOldConfirmations, deleteResolvedNotHeld } from "~/features/confirmations/public.server";
import { deleteDecidedClaims } from "~/features/hosts/public.server";
import { unlinkOldPlays, unlinkOldQuestionReports, unlinkOldVotes } from "~/features/play/public.server";
import { deleteResolvedReports } from "~/features/reports/public.server";
import type { Db } from "~/lib/db.server";
import { stockholmDate } from "~/lib/time";
import { RETENTION_DAYS, retentionCutoff } from "./retention";

export const RETENTION_JOB_NAME = "privacy-retention";
/** Daily at 03:41 Stockholm: a quiet hour, away from the other jobs' minutes. */
export const RETENTION_CRON = "41 3 * * *";

// Bounded so a run holds no lock for long; a backlog is worked off over a few nights.
type RetentionBatches = { size: number; maxBatches: number };
const BATCHES: RetentionBatches = { size: 1000, maxBatches: 100 };

type Batch = (limit: number) => Promise<number>;

async function inBatches(batch: Batch, { size, maxBatches }: RetentionBatches): Promise<number> {
  let total = 0;
  for (let i = 0; i < maxBatches; i++) {
    const done = await batch(size);
    total += done;
    if (done < size) break;
  }
  return total;
}

/** Only the rules no other job enforces. */
function retentionRules(db: Db, now: Date): Record<string, Batch> {
  const before = (days: number) => retentionCutoff(now, days);
  const days = RETENTION_DAYS;
  return {
    reports: (n) => deleteResolvedReports(db, before(days.resolvedReport), n),
    hostClaims: (n) => deleteDecidedClaims(db, before(days.decidedClaim), n),
    notHeld: (n) => deleteResolvedNotHeld(db, before(days.resolvedNotHeld), n),
    confirmations: (n) => deleteOldConfirmations(db, stockholmDate(before(days.confirmation)), n),
    beerCooldowns: (n) => deleteOldBeerCooldowns(db, before(days.beerCooldown), n),
    beerClicks: (n) => deleteOldBeerClicks(db, before(days.beerClick), n),
    plays: (n) => unlinkOldPlays(db, before(days.playLink), n),
    votes: (n) => unlinkOldVotes(db, before(days.playLink), n),
    questionReports: (n) => unlinkOldQuestionReports(db, before(days.playLink), n),
    sessions: (n) => deleteExpiredSessions(db, before(days.expiredSignIn), n),
    verifications: (n) => deleteExpiredVerifications(db, before(days.expiredSignIn), n),
    idleHostAccounts: (n) => deleteIdleLinkAccounts(db, before(days.idleHostAccount), now, n),
  };
}

/** A failing rule does not stop the others; the run then fails, naming it. */
export async function runRetention(
  db: Db,
  now = new Date(),
  batches = BATCHES,
): Promise<Record<string, number>> {
  const done: Record<string, number> = {};
  const failed: { rule: string; error: unknown }[] = [];
  for (const [rule, batch] of Object.entries(retentionRules(db, now))) {
    try {
      done[rule] = await inBatches(batch, batches);
    } catch (error) {
      failed.push({ rule, error });
    }
  }
  if (failed.length) {
    throw new AggregateError(
      failed.map((f) => f.error),
      `retention failed for ${failed.map((f) => f.rule).join(", ")}; done: ${JSON.stringify(done)}`,
    );
  }
  return done;
}
