import { eq, sql } from "drizzle-orm";
import { quizPlays } from "~/db/schema";
import { AppError } from "~/lib/app-error";
import { type Db, onlyRow, queryRows } from "~/lib/db.server";
import { countInWindow, type RateLimitRule } from "~/lib/rate-limit.server";
import { arrayLiteral, inRounds } from "~/lib/write-batcher.server";
import { finishWithOthers } from "./finish-plays.server";
import { playNotFound } from "./play-api.server";
import type { AnswerFeedback, PlayResult } from "./play-contract";
import { resultOf, toFeedback } from "./play-figures.server";
import { PREVIEW_VISITOR_PREFIX } from "./play-rules";

// A visitor's answers: each stored once and scored in one statement; a play's last answer finishes it.

type AnswerRow = {
  idx: number;
  requests: number | null;
  requests_window: Date | string | null;
  play_id: string | null;
  quiz_id: string | null;
  visitor_id: string | null;
  finished: boolean | null;
  question_count: number | null;
  option_id: string | null;
  is_correct: boolean | null;
  answered: number | null;
  options: { id: string; isCorrect: boolean; n: number }[] | null;
  source_url: string | null;
  source_outlet: string | null;
  source_published_at: Date | string | null;
};

export type AnswerInput = {
  playId: string;
  visitorId: string;
  questionId: string;
  optionId: string;
  clientIp?: string;
  /** Counted in the same statement as the answer. */
  requestLimit?: { key: string; rule: RateLimitRule };
};

export type Answered = { feedback: AnswerFeedback; result: PlayResult | null };

export type WrittenAnswer =
  | { ok: true; feedback: AnswerFeedback; finishes: { playId: string; quizId: string } | null }
  | { ok: false; error: unknown };

/** Apart from writeAnswers, so a statement of many answers is not held up by one play's finish. */
export async function completeAnswer(db: Db, input: AnswerInput, written: WrittenAnswer): Promise<Answered> {
  if (!written.ok) throw written.error;
  if (!written.finishes) return { feedback: written.feedback, result: null };
  const finished =
    (await finishWithOthers(db, {
      ...written.finishes,
      visitorId: input.visitorId,
      clientIp: input.clientIp,
    })) ?? onlyRow(await db.select().from(quizPlays).where(eq(quizPlays.id, written.finishes.playId)));
  return { feedback: written.feedback, result: await resultOf(db, finished) };
}

/**
 * Each answer decided exactly as if alone (decision 049); different plays and addresses share a statement (decision 051).
 * The `answered` update's row lock orders a play's concurrent answers, so exactly one sees the last one counted.
 */
export function writeAnswers(
  db: Db,
  inputs: readonly AnswerInput[],
  now: Date = new Date(),
): Promise<WrittenAnswer[]> {
  return inRounds(
    inputs,
    (i) => [`p:${i.playId}`, ...(i.requestLimit ? [`r:${i.requestLimit.key}`] : [])],
    (i) => (i.requestLimit ? `${i.requestLimit.rule.limit}/${i.requestLimit.rule.windowMs}` : ""),
    (round) => answerRound(db, round, now),
  );
}

async function answerRound(db: Db, inputs: readonly AnswerInput[], now: Date): Promise<WrittenAnswer[]> {
  const nowIso = now.toISOString();
  const rule = inputs[0]?.requestLimit?.rule;
  const rows = await queryRows<AnswerRow>(
    db,
    sql`with input as (
        select * from unnest(
          ${arrayLiteral(inputs.map((_, i) => String(i)))}::int[],
          ${arrayLiteral(inputs.map((i) => i.playId))}::uuid[],
          ${arrayLiteral(inputs.map((i) => i.visitorId))}::text[],
          ${arrayLiteral(inputs.map((i) => `${PREVIEW_VISITOR_PREFIX}${i.visitorId}`))}::text[],
          ${arrayLiteral(inputs.map((i) => i.questionId))}::uuid[],
          ${arrayLiteral(inputs.map((i) => i.optionId))}::uuid[],
          ${arrayLiteral(inputs.map((i) => i.requestLimit?.key ?? null))}::text[]
        ) as t(idx, play_id, visitor_id, preview, question_id, option_id, request_key)
      ),
      requests as (
        insert into rate_limits (key, count, window_start)
        select request_key, 1, ${nowIso}::timestamptz from input where request_key is not null
        order by request_key
        ${countInWindow(new Date(now.getTime() - (rule?.windowMs ?? 0)).toISOString(), nowIso)}, key, window_start
      ),
      play as (
        select i.idx, i.question_id, p.id, p.quiz_id, p.visitor_id, p.finished_at is not null as finished,
          p.question_count, o.id as option_id, o.is_correct,
          p.visitor_id in (i.visitor_id, i.preview) as own
        from input i
        left join requests r on r.key = i.request_key
        join quiz_plays p on p.id = i.play_id
        left join quiz_questions q on q.id = i.question_id and q.quiz_id = p.quiz_id
        left join quiz_options o on o.id = i.option_id and o.question_id = q.id
        where r.count is null or r.count <= ${rule?.limit ?? 0}
      ),
      stored as (
        insert into quiz_answers (play_id, question_id, option_id, is_correct)
        select id, question_id, option_id, is_correct from play
        where own and not finished and option_id is not null
        order by id
        on conflict do nothing
        returning play_id
      ),
      counted as (
        update quiz_plays p set answered = p.answered + 1
        from stored s where p.id = s.play_id
        returning p.id, p.answered
      ),
      own as (
        select i.idx, a.option_id, count(*)::int as n
        from input i
        join play pl on pl.idx = i.idx
        join quiz_plays p on p.quiz_id = pl.quiz_id and p.visitor_id = i.visitor_id and p.counted
        join quiz_answers a on a.play_id = p.id
        group by i.idx, a.option_id
      )
      select i.idx, r.count as requests, r.window_start as requests_window,
        pl.id as play_id, pl.quiz_id, pl.visitor_id, pl.finished, pl.question_count,
        pl.option_id, pl.is_correct, c.answered,
        case when c.id is not null then (
          select json_agg(json_build_object(
              'id', o.id, 'isCorrect', o.is_correct,
              'n', coalesce(t.answers, 0) - coalesce(own.n, 0)) order by o.option_order)
          from quiz_options o
          left join quiz_option_tallies t on t.option_id = o.id
          left join own on own.idx = i.idx and own.option_id = o.id
          where o.question_id = i.question_id
        ) end as options,
        q.source_url, q.source_outlet, q.source_published_at
      from input i
      left join requests r on r.key = i.request_key
      left join play pl on pl.idx = i.idx
      left join counted c on c.id = pl.id
      left join quiz_questions q on pl.option_id is not null and q.id = i.question_id
      order by i.idx`,
  );
  return inputs.map((input, i): WrittenAnswer => {
    try {
      return settleAnswer(
        input,
        rows.find((r) => Number(r.idx) === i),
        rule,
        now,
      );
    } catch (error) {
      return { ok: false, error };
    }
  });
}

function settleAnswer(
  input: AnswerInput,
  row: AnswerRow | undefined,
  rule: RateLimitRule | undefined,
  now: Date,
): WrittenAnswer {
  const preview = `${PREVIEW_VISITOR_PREFIX}${input.visitorId}`;
  if (rule && row && Number(row.requests) > rule.limit) {
    const resetsAt = new Date(row.requests_window ?? now).getTime() + rule.windowMs;
    const retryAfterSeconds = Math.max(1, Math.ceil((resetsAt - now.getTime()) / 1000));
    throw new AppError("rate-limited", { retryAfterSeconds });
  }
  // A play id alone is not a key: it must come with the visitor that started it.
  if (!row?.play_id || (row.visitor_id !== input.visitorId && row.visitor_id !== preview)) {
    throw playNotFound();
  }
  if (row.finished) throw new AppError("conflict", { message: "Spelomgången är redan avslutad" });
  if (!row.option_id) throw new AppError("bad-request", { message: "Svaret hör inte till frågan" });
  if (row.answered === null || !row.options)
    throw new AppError("conflict", { message: "Frågan är redan besvarad" });
  const publishedAt = row.source_published_at ? new Date(row.source_published_at) : null;
  const feedback = toFeedback(
    { questionId: input.questionId, optionId: row.option_id, isCorrect: Boolean(row.is_correct) },
    row.options.map((o) => ({ id: o.id, isCorrect: o.isCorrect })),
    new Map(row.options.map((o) => [o.id, Number(o.n)])),
    row.source_url ? { url: row.source_url, outlet: row.source_outlet, publishedAt } : undefined,
  );
  const last = Number(row.answered) >= Number(row.question_count);
  return { ok: true, feedback, finishes: last ? { playId: row.play_id, quizId: row.quiz_id ?? "" } : null };
}
