import { sql } from "drizzle-orm";
import { type Db, queryRows } from "~/lib/db.server";

/** The privacy notice's retention for accounts and sign-ins (decision 054), each a batch of at most `limit` rows. better-auth refuses an expired session, link or code but leaves its row (with the session's IP address and user agent, or the address a code was sent to) until someone presents it again. */

/** How long a session lasts (better-auth's expiresIn, its default made explicit so the privacy notice can name it). better-auth moves the end forward when the session is used a day or more after it last did. */
export const SESSION_TTL_SECONDS = 7 * 24 * 60 * 60;

async function removed(db: Db, statement: ReturnType<typeof sql>): Promise<number> {
  return (await queryRows(db, statement)).length;
}

export function deleteExpiredSessions(db: Db, before: Date, limit: number): Promise<number> {
  return removed(
    db,
    sql`delete from session where id in (
          select id from session where expires_at < ${before.toISOString()}::timestamptz limit ${limit})
        returning 1 as removed`,
  );
}

/** Sign-in links, reset links and one-time codes that expired before `before`. */
export function deleteExpiredVerifications(db: Db, before: Date, limit: number): Promise<number> {
  return removed(
    db,
    sql`delete from verification where id in (
          select id from verification where expires_at < ${before.toISOString()}::timestamptz limit ${limit})
        returning 1 as removed`,
  );
}

/** Accounts that can no longer do anything, made before `createdBefore`: a host's account signed in only by mailed links (no password, no admin role; signsInByLink) that hosts no event, has no live session at `now` and waits for no claim of its address. */
export function deleteIdleLinkAccounts(
  db: Db,
  createdBefore: Date,
  now: Date,
  limit: number,
): Promise<number> {
  return removed(
    db,
    sql`delete from "user" where id in (
          select u.id from "user" u
          where u.created_at < ${createdBefore.toISOString()}::timestamptz
            and not exists (select 1 from user_roles r where r.user_id = u.id)
            and not exists (select 1 from account a where a.user_id = u.id and a.password is not null)
            and not exists (select 1 from event_hosts h where h.user_id = u.id)
            and not exists (select 1 from session s
                            where s.user_id = u.id and s.expires_at > ${now.toISOString()}::timestamptz)
            and not exists (select 1 from host_claims c
                            where c.email = lower(u.email) and c.status = 'pending')
          limit ${limit})
        returning 1 as removed`,
  );
}
