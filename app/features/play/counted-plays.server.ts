import { sql } from "drizzle-orm";
import { type Db, queryRows } from "~/lib/db.server";
import { PREVIEW_VISITOR_PREFIX } from "./play-rules";

/**
 * A counted play (`quiz_plays.counted`, set by finishPlays) is a visitor's first finished, non-preview play within
 * the address's allowance: every figure shown about a quiz counts only these, so every share has one population.
 */

export type OptionTally = { questionId: string; optionId: string; n: number };

/** Without the preview prefix: the visitor's own counted play is not "another player". */
export function realVisitorId(visitorId: string): string {
  return visitorId.startsWith(PREVIEW_VISITOR_PREFIX)
    ? visitorId.slice(PREVIEW_VISITOR_PREFIX.length)
    : visitorId;
}

/** Less the visitor's own counted play; every option is listed, 0 when nobody chose it. */
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

/** Strictly lower scores among other visitors' counted plays: "Bättre än X % av spelarna". */
export async function countScoresBelow(
  db: Db,
  quizId: string,
  score: number,
  exceptVisitorId: string,
): Promise<{ below: number; others: number }> {
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
