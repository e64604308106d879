import { and, inArray, lt, ne } from "drizzle-orm";
import { hostClaims } from "~/db/schema";
import type { Db } from "~/lib/db.server";

/**
 * Deletes up to `limit` host claims decided before `decidedBefore`: the claimant's name, e-mail, role and
 * message (decision 054). Nothing reads a decided claim (the host's access is event_hosts); a pending one
 * waits for an admin.
 */
export async function deleteDecidedClaims(db: Db, decidedBefore: Date, limit: number): Promise<number> {
  const batch = db
    .select({ id: hostClaims.id })
    .from(hostClaims)
    .where(and(ne(hostClaims.status, "pending"), lt(hostClaims.decidedAt, decidedBefore)))
    .limit(limit);
  const removed = await db
    .delete(hostClaims)
    .where(inArray(hostClaims.id, batch))
    .returning({ id: hostClaims.id });
  return removed.length;
}
