import { and, inArray, lt, ne } from "drizzle-orm";
import { hostClaims } from "~/db/schema";
import type { Db } from "~/lib/db.server";

/** Decision 054: nothing reads a decided claim (access is event_hosts), so its personal data goes. */
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
