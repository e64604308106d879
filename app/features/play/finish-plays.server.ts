import { sql } from "drizzle-orm";
import { type Db, queryRows } from "~/lib/db.server";
import { countInWindow } from "~/lib/rate-limit.server";
import { arrayLiteral, createWriteBatcher, inRounds, onePerDatabase } from "~/lib/write-batcher.server";
import type { FinishedPlay } from "./play-figures.server";
import { COUNTED_PLAYS_PER_ADDRESS, PREVIEW_VISITOR_PREFIX } from "./play-rules";

/** Grouped and in key order, so concurrent statements lock the rows in the same order. */
const scoreCounted = sql`scored as (
    insert into quiz_score_counts (quiz_id, score, plays)
    select quiz_id, score, count(*)::int from finished where counted
    group by quiz_id, score
    order by quiz_id, score
    on conflict (quiz_id, score) do update set plays = quiz_score_counts.plays + excluded.plays
    returning quiz_id
  )`;

function countedPlaysKey(quizId: string, clientIp: string) {
  return `quiz-counted:${quizId}:${clientIp}`;
}

const finisherOf = onePerDatabase((db) =>
  createWriteBatcher((inputs: FinishInput[]) => finishPlays(db, inputs)),
);

type FinishInput = { playId: string; quizId: string; visitorId: string; clientIp?: string };

export function finishWithOthers(db: Db, input: FinishInput): Promise<FinishedPlay | null> {
  return finisherOf(db).write(input);
}

// Decision 051. A race between two plays of one visitor is settled by the partial unique index: a failed
// statement is retried play by play, and the loser is stored as not counted.
function finishPlays(db: Db, inputs: readonly FinishInput[]): Promise<(FinishedPlay | null)[]> {
  return inRounds(
    inputs,
    (i) => [
      `v:${i.quizId}:${i.visitorId}`,
      ...(i.clientIp === undefined ? [] : [`a:${i.quizId}:${i.clientIp}`]),
    ],
    () => "",
    async (round) => {
      try {
        return await finishStatement(db, round, true);
      } catch (error) {
        if (round.length === 1 && !isUniqueViolation(error)) throw error;
      }
      const finished: (FinishedPlay | null)[] = [];
      for (const input of round) {
        try {
          finished.push(...(await finishStatement(db, [input], true)));
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
          finished.push(...(await finishStatement(db, [input], false)));
        }
      }
      return finished;
    },
  );
}

/** Plays of different visitors and addresses only; `allowCount` false counts none. */
async function finishStatement(
  db: Db,
  round: readonly FinishInput[],
  allowCount: boolean,
): Promise<(FinishedPlay | null)[]> {
  const { limit, windowMs } = COUNTED_PLAYS_PER_ADDRESS;
  const now = new Date();
  const nowIso = now.toISOString();
  const floorIso = new Date(now.getTime() - windowMs).toISOString();
  const rows = await queryRows<{
    id: string;
    finished_at: Date | string | null;
    quiz_id: string;
    score: number;
    visitor_id: string;
    question_count: number;
  }>(
    db,
    sql`with input as (
        select * from unnest(
          ${arrayLiteral(round.map((i) => i.playId))}::uuid[],
          ${arrayLiteral(round.map((i) => (i.clientIp === undefined ? null : countedPlaysKey(i.quizId, i.clientIp))))}::text[]
        ) as t(play_id, quota_key)
      ),
      countable as (
        select p.id, i.quota_key from input i join quiz_plays p on p.id = i.play_id
        where ${allowCount}
          and p.finished_at is null
          and (select count(*) from quiz_answers a where a.play_id = p.id) >= p.question_count
          and p.visitor_id not like ${`${PREVIEW_VISITOR_PREFIX}%`}
          and not exists (select 1 from quiz_plays o
                          where o.quiz_id = p.quiz_id and o.visitor_id = p.visitor_id and o.counted)
      ),
      quota as (
        insert into rate_limits (key, count, window_start)
        select quota_key, 1, ${nowIso}::timestamptz from countable where quota_key is not null
        order by quota_key
        ${countInWindow(floorIso, nowIso)}, key
      ),
      allowed as (
        select c.id from countable c left join quota q on q.key = c.quota_key
        where c.quota_key is null or q.count <= ${limit}
      ),
      finished as (
        update quiz_plays p set
          finished_at = now(),
          score = (select count(*) from quiz_answers a where a.play_id = p.id and a.is_correct)::int,
          counted = p.id in (select id from allowed)
        from input i
        where p.id = i.play_id
          and p.finished_at is null
          and (select count(*) from quiz_answers a where a.play_id = p.id) >= p.question_count
        returning p.id, p.counted, p.quiz_id, p.score, p.finished_at, p.visitor_id, p.question_count
      ),
      ${scoreCounted},
      tallied as (
        insert into quiz_option_tallies (option_id, answers)
        select a.option_id, count(*)::int from quiz_answers a join finished f on f.id = a.play_id
        where f.counted
        group by a.option_id
        order by a.option_id
        on conflict (option_id) do update set answers = quiz_option_tallies.answers + excluded.answers
        returning option_id
      )
      select id, finished_at, quiz_id, score, visitor_id, question_count from finished`,
  );
  return round.map((i): FinishedPlay | null => {
    const row = rows.find((r) => r.id === i.playId);
    return row
      ? {
          finishedAt: row.finished_at === null ? null : new Date(row.finished_at),
          quizId: row.quiz_id,
          score: Number(row.score),
          visitorId: row.visitor_id,
          questionCount: Number(row.question_count),
        }
      : null;
  });
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
}
