import { sql } from "drizzle-orm";
import { type Db, queryRows } from "~/lib/db.server";

/**
 * Deletes up to `limit` visitors' "Jag var där" of nights before `nightBefore` (a Stockholm date). A row only
 * keeps a visitor from confirming a night twice, and a night can be confirmed only on its date and the day
 * after (confirmableOccurrence), so an older row decides nothing; the listing's last_confirmed_at stays.
 */
export async function deleteOldConfirmations(db: Db, nightBefore: string, limit: number): Promise<number> {
  const removed = await queryRows(
    db,
    sql`delete from event_confirmations
        where (event_id, occurrence_date, visitor_id) in (
          select event_id, occurrence_date, visitor_id from event_confirmations
          where occurrence_date < ${nightBefore}::date limit ${limit})
        returning 1 as removed`,
  );
  return removed.length;
}

/**
 * Deletes up to `limit` visitors' "Det blev inget" that an admin dealt with before `resolvedBefore`. Open
 * ones stay: the admin's list counts them until the listing is confirmed.
 */
export async function deleteResolvedNotHeld(db: Db, resolvedBefore: Date, limit: number): Promise<number> {
  const removed = await queryRows(
    db,
    sql`delete from night_not_held_reports
        where (event_id, occurrence_date, visitor_id) in (
          select event_id, occurrence_date, visitor_id from night_not_held_reports
          where resolved_at < ${resolvedBefore.toISOString()}::timestamptz limit ${limit})
        returning 1 as removed`,
  );
  return removed.length;
}
