import { sql } from "drizzle-orm";
import { type Db, queryRows } from "~/lib/db.server";
import { PREVIEW_VISITOR_PREFIX, UNLINKED_VISITOR_PREFIX } from "./play-rules";

// Decision 054: only the browser id is dropped (each unlinked id unique), so every number shown stays as it was.

const unlinked = `${UNLINKED_VISITOR_PREFIX}%`;
const unlinkedPreview = `${PREVIEW_VISITOR_PREFIX}${UNLINKED_VISITOR_PREFIX}%`;

async function changed(db: Db, statement: ReturnType<typeof sql>): Promise<number> {
  return (await queryRows(db, statement)).length;
}

export function unlinkOldPlays(db: Db, before: Date, limit: number): Promise<number> {
  return changed(
    db,
    sql`update quiz_plays
        set visitor_id = case when visitor_id like ${`${PREVIEW_VISITOR_PREFIX}%`} then ${PREVIEW_VISITOR_PREFIX} else '' end
          || ${UNLINKED_VISITOR_PREFIX} || id::text
        where id in (
          select id from quiz_plays
          where started_at < ${before.toISOString()}::timestamptz
            and visitor_id not like ${unlinked} and visitor_id not like ${unlinkedPreview}
          limit ${limit})
        returning 1 as changed`,
  );
}

export function unlinkOldVotes(db: Db, before: Date, limit: number): Promise<number> {
  return changed(
    db,
    sql`update quiz_votes set visitor_id = ${UNLINKED_VISITOR_PREFIX} || gen_random_uuid()::text
        where (quiz_id, visitor_id) in (
          select quiz_id, visitor_id from quiz_votes
          where updated_at < ${before.toISOString()}::timestamptz and visitor_id not like ${unlinked}
          limit ${limit})
        returning 1 as changed`,
  );
}

export function unlinkOldQuestionReports(db: Db, before: Date, limit: number): Promise<number> {
  return changed(
    db,
    sql`update quiz_question_reports set visitor_id = ${UNLINKED_VISITOR_PREFIX} || id::text
        where id in (
          select id from quiz_question_reports
          where created_at < ${before.toISOString()}::timestamptz and visitor_id not like ${unlinked}
          limit ${limit})
        returning 1 as changed`,
  );
}
