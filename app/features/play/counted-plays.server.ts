import { sql } from "drizzle-orm";
import { type Db, queryRows } from "~/lib/db.server";
import { PREVIEW_VISITOR_PREFIX } from "./play-rules";

/**
 * The one definition of a counted play behind every number shown about a quiz (the player's shares, the
 * review, the percentile, the average on the quiz page and the admin results): a visitor's first finished
 * play, `quiz_plays.counted`, which finishPlays sets in the statement that finishes the play (and that
 * adds the play's answers to quiz_option_tallies). An admin preview is never counted, nor a replay, nor a
 * play beyond the address's allowance, nor a play not yet finished: an abandoned or half-played play counts
 * for nothing, so every share has one population.
 */

/** Answers of counted plays, per question and option. */
export type OptionTally = { questionId: string; optionId: string; n: number };

/** The visitor behind a play, without the preview prefix: their own counted play is not "another player". */
export function realVisitorId(visitorId: string): string {
  return visitorId.startsWith(PREVIEW_VISITOR_PREFIX)
    ? visitorId.slice(PREVIEW_VISITOR_PREFIX.length)
    : visitorId;
}

/**
 * The answers of counted plays to the given questions of a quiz (or all of them), per option, from the tallies the finishing
 * statement keeps (quiz_option_tallies), optionally less one visitor's own counted play: the figures are
 * those of the other players who have finished so far. Every option of the questions is listed, 0 when
 * nobody chose it.
 */
export async function tallyCountedAnswers(
  db: Db,
  quizId: string,
  questionIds: string[] | "all",
  exceptVisitorId?: string,
): Promise<OptionTally[]> {
  if (questionIds.length === 0) return [];
  const own =
    exceptVisitorId === undefined
      ? sql`select null::uuid as option_id, 0 as n where false`
      : sql`select a.option_id, count(*)::int as n
            from quiz_plays p join quiz_answers a on a.play_id = p.id
            where p.quiz_id = ${quizId}::uuid and p.visitor_id = ${realVisitorId(exceptVisitorId)} and p.counted
            group by a.option_id`;
  const rows = await queryRows<OptionTally>(
    db,
    sql`select o.question_id as "questionId", o.id as "optionId",
          (coalesce(t.answers, 0) - coalesce(own.n, 0))::int as n
        from quiz_options o
        left join quiz_option_tallies t on t.option_id = o.id
        left join (${own}) own on own.option_id = o.id
        where o.question_id in (${
          questionIds === "all"
            ? sql`select id from quiz_questions where quiz_id = ${quizId}::uuid`
            : sql.join(
                questionIds.map((id) => sql`${id}::uuid`),
                sql`, `,
              )
        })`,
  );
  return rows.map((r) => ({ ...r, n: Number(r.n) }));
}

/**
 * How many counted plays of other visitors a score beats (strictly lower) out of how many there are: the
 * ground of "Bättre än X % av spelarna".
 */
export async function countScoresBelow(
  db: Db,
  quizId: string,
  score: number,
  exceptVisitorId: string,
): Promise<{ below: number; others: number }> {
  // From the counted plays per score, less the visitor's own counted play (one row by its unique index).
  const [row] = await queryRows<{ below: number; others: number }>(
    db,
    sql`with own as (
          select score from quiz_plays
          where quiz_id = ${quizId}::uuid and visitor_id = ${realVisitorId(exceptVisitorId)} and counted
        )
        select
          (coalesce(sum(plays) filter (where score < ${score}), 0)
            - (select count(*) from own where score < ${score}))::int as below,
          (coalesce(sum(plays), 0) - (select count(*) from own))::int as others
        from quiz_score_counts where quiz_id = ${quizId}::uuid`,
  );
  return { below: Number(row?.below ?? 0), others: Number(row?.others ?? 0) };
}
