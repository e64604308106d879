import { count, eq } from "drizzle-orm";
import { hostClaims } from "~/db/schema";
import type { Db } from "~/lib/db.server";

export async function countPendingClaims(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(hostClaims).where(eq(hostClaims.status, "pending"));
  return Number(row?.n ?? 0);
}
