import { sql } from "drizzle-orm";
import { type Db, queryRows } from "~/lib/db.server";

/** Stored is_correct and scores are copies of the answer key taken at answer time. */
export async function rescoreQuestion(tx: Db, quizId: string, questionId: string): Promise<void> {
  await queryRows(
    tx,
    sql`
    update quiz_answers a set is_correct = o.is_correct
    from quiz_options o
    where o.id = a.option_id and a.question_id = ${questionId}::uuid and a.is_correct <> o.is_correct`,
  );
  await queryRows(
    tx,
    sql`
    update quiz_plays p set score = (
      select count(*) from quiz_answers a where a.play_id = p.id and a.is_correct
    )::int
    where p.quiz_id = ${quizId}::uuid and p.finished_at is not null
      and exists (select 1 from quiz_answers a where a.play_id = p.id and a.question_id = ${questionId}::uuid)`,
  );
  await queryRows(tx, sql`delete from quiz_score_counts where quiz_id = ${quizId}::uuid`);
  await queryRows(
    tx,
    sql`
    insert into quiz_score_counts (quiz_id, score, plays)
    select quiz_id, score, count(*)::int from quiz_plays
    where quiz_id = ${quizId}::uuid and counted
    group by quiz_id, score`,
  );
}
