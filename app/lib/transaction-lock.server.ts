import { sql } from "drizzle-orm";
import type { Db } from "./db.server";

// Two-key, so these locks never meet the migrations' one-key lock.
const SLUG_LOCK_CLASS = 4_711;

/** Held until the transaction ends, so two saves of one title take turns instead of failing. */
export async function lockSlugScope(tx: Db, scope: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SLUG_LOCK_CLASS}, hashtext(${scope}))`);
}
