import { sql } from "drizzle-orm";
import { type Db, queryRows } from "~/lib/db.server";
import { PREVIEW_VISITOR_PREFIX, UNLINKED_VISITOR_PREFIX } from "./play-rules";

/**
 * The privacy notice's retention for quiz plays (decision 054): after the period a play, vote or question
 * report keeps everything but the browser id, which becomes UNLINKED_VISITOR_PREFIX and a value of the row's
 * own. Every number shown about a quiz stays as it was: the tallies and score counts are per option and score,
 * a counted play stays counted (one per stored visitor id, and each unlinked id is unique), previews stay
 * previews, and a re-scoring recounts the same counted plays. What the browser loses is the link: it can no
 * longer resume such a play or see it as its own, and a later play of that quiz may count as its first.
 */

const unlinked = `${UNLINKED_VISITOR_PREFIX}%`;
const unlinkedPreview = `${PREVIEW_VISITOR_PREFIX}${UNLINKED_VISITOR_PREFIX}%`;

async function changed(db: Db, statement: ReturnType<typeof sql>): Promise<number> {
  return (await queryRows(db, statement)).length;
}

/** Drops the browser id of up to `limit` plays started before `before`. */
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

/** Drops the browser id of up to `limit` votes last cast before `before`. */
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

/** Drops the browser id of up to `limit` question reports made before `before`. */
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
