import { sql } from "drizzle-orm";
import type { Db } from "./db.server";

// The first half of the two-key advisory lock, so these locks never meet the migrations' one-key lock.
const SLUG_LOCK_CLASS = 4_711;

/**
 * Waits for, then holds until the surrounding transaction ends, the lock of one slug scope ("events in
 * Göteborg", "quizzes"). Every save that picks a free slug in that scope takes it first, so two admins
 * saving the same title at the same moment take turns: the second reads the first one's committed slug and
 * picks the next suffix, instead of both picking the same one and one failing on the unique index.
 * Must be called inside a transaction; on PGlite, where transactions already run one at a time, it costs
 * one statement.
 */
export async function lockSlugScope(tx: Db, scope: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SLUG_LOCK_CLASS}, hashtext(${scope}))`);
}
