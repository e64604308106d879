import { sql } from "drizzle-orm";
import { type Db, queryRows } from "~/lib/db.server";
import { PREVIEW_VISITOR_PREFIX } from "./play-rules";

/**
 * The one definition of a counted play behind every number shown about a quiz (the player's shares, the
 * review, the percentile, the average on the quiz page and the admin results): a visitor's first finished
 * play, `quiz_plays.counted`, which finishIfComplete sets in the statement that finishes the play. An admin
 * preview is never counted, nor a replay, nor a play beyond the address's allowance, nor a play not yet
 * finished: an abandoned or half-played play counts for nothing, so every share has one population.
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
 * What earlier players answered, as the player sees it right after answering: the answers of counted plays of
 * other visitors that had finished before this play's own answer to each question. Resuming the play later
 * shows the same figures, not those of players who came after.
 */
export async function tallyEarlierCountedAnswers(
  db: Db,
  play: { id: string; visitorId: string },
  questionIds: string[],
): Promise<OptionTally[]> {
  if (questionIds.length === 0) return [];
  return queryRows<OptionTally>(
    db,
    sql`select a.question_id as "questionId", a.option_id as "optionId", count(*)::int as n
        from quiz_answers mine
        join quiz_answers a on a.question_id = mine.question_id
        join quiz_plays p on p.id = a.play_id
        where mine.play_id = ${play.id}::uuid
          and mine.question_id in (${sql.join(
            questionIds.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})
          and p.counted
          and p.visitor_id <> ${realVisitorId(play.visitorId)}
          and p.finished_at < mine.answered_at
        group by a.question_id, a.option_id`,
  );
}

/** The answers of every counted play of a quiz, optionally leaving out one visitor's. */
export async function tallyCountedAnswers(
  db: Db,
  quizId: string,
  exceptVisitorId?: string,
): Promise<OptionTally[]> {
  const except =
    exceptVisitorId === undefined ? sql`` : sql`and p.visitor_id <> ${realVisitorId(exceptVisitorId)}`;
  return queryRows<OptionTally>(
    db,
    sql`select a.question_id as "questionId", a.option_id as "optionId", count(*)::int as n
        from quiz_plays p
        join quiz_answers a on a.play_id = p.id
        where p.quiz_id = ${quizId}::uuid and p.counted ${except}
        group by a.question_id, a.option_id`,
  );
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
  const [row] = await queryRows<{ below: number; others: number }>(
    db,
    sql`select (count(*) filter (where score < ${score}))::int as below, count(*)::int as others
        from quiz_plays
        where quiz_id = ${quizId}::uuid and counted and visitor_id <> ${realVisitorId(exceptVisitorId)}`,
  );
  return { below: Number(row?.below ?? 0), others: Number(row?.others ?? 0) };
}
