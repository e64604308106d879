import { asc, count, eq, inArray, sql } from "drizzle-orm";
import { quizAnswers, quizOptions, quizPlays, quizQuestions } from "~/db/schema";
import { type Db, onlyRow, queryRows } from "~/lib/db.server";
import { countInWindow, type RateLimitRule } from "~/lib/rate-limit.server";
import { arrayLiteral, createWriteBatcher, inRounds, onePerDatabase } from "~/lib/write-batcher.server";
import { countScoresBelow, tallyCountedAnswers } from "./counted-plays.server";
import type { AnswerFeedback, PlayResult, PlayState } from "./play-contract";
import {
  betterThanPercent,
  COUNTED_PLAYS_PER_ADDRESS,
  PREVIEW_VISITOR_PREFIX,
  percentShares,
  questionStats,
} from "./play-rules";
import { getQuizStats } from "./quiz-stats.server";

// A visitor's play of a quiz: started, answered one question at a time (scored here), resumed after a reload.

/** An expected refusal: the route answers it as a 4xx with this Swedish message. */
export class PlayError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 403 | 404 | 409,
  ) {
    super(message);
  }
}

export async function startPlay(
  db: Db,
  quizId: string,
  visitorId: string,
  options: { preview?: boolean } = {},
): Promise<{ playId: string; questionCount: number }> {
  const counted = await db.select({ n: count() }).from(quizQuestions).where(eq(quizQuestions.quizId, quizId));
  const { n } = onlyRow(counted);
  const questionCount = Number(n);
  if (questionCount === 0) throw new PlayError("Quizet har inga frågor än", 409);
  const rows = await db
    .insert(quizPlays)
    .values({
      quizId,
      visitorId: options.preview ? `${PREVIEW_VISITOR_PREFIX}${visitorId}` : visitorId,
      questionCount,
    })
    .returning({ id: quizPlays.id });
  return { playId: onlyRow(rows).id, questionCount };
}

type PlayRow = typeof quizPlays.$inferSelect;

export async function loadOwnPlay(db: Db, playId: string, visitorId: string): Promise<PlayRow> {
  const [play] = await db.select().from(quizPlays).where(eq(quizPlays.id, playId));
  // A play id alone is not a key: it must come with the visitor that started it.
  if (!play || (play.visitorId !== visitorId && play.visitorId !== `${PREVIEW_VISITOR_PREFIX}${visitorId}`)) {
    throw new PlayError("Spelomgången hittades inte", 404);
  }
  return play;
}

type StoredAnswer = { questionId: string; optionId: string; isCorrect: boolean };

/**
 * Feedback for a play's answers. The shares are those of earlier players, counted the one way
 * every number of a quiz is (counted-plays.server.ts): the first finished plays of other visitors, as far as
 * they have come. The first player sees no shares, and nobody's own choice is in them; a resumed play shows
 * the figures as they are now.
 */
async function feedbackFor(db: Db, play: PlayRow, answers: StoredAnswer[]): Promise<AnswerFeedback[]> {
  if (answers.length === 0) return [];
  const questionIds = answers.map((a) => a.questionId);
  const [options, tallies, sources] = await Promise.all([
    db
      .select({ id: quizOptions.id, questionId: quizOptions.questionId, isCorrect: quizOptions.isCorrect })
      .from(quizOptions)
      .where(inArray(quizOptions.questionId, questionIds))
      .orderBy(asc(quizOptions.optionOrder)),
    tallyCountedAnswers(db, play.quizId, questionIds, play.visitorId),
    db
      .select({
        id: quizQuestions.id,
        url: quizQuestions.sourceUrl,
        outlet: quizQuestions.sourceOutlet,
        publishedAt: quizQuestions.sourcePublishedAt,
      })
      .from(quizQuestions)
      .where(inArray(quizQuestions.id, questionIds)),
  ]);
  const tally = new Map(tallies.map((t) => [t.optionId, Number(t.n)]));
  const sourceOf = new Map(sources.map((s) => [s.id, s]));
  return answers.map((answer) =>
    toFeedback(
      answer,
      options.filter((o) => o.questionId === answer.questionId),
      tally,
      sourceOf.get(answer.questionId),
    ),
  );
}

/** One answer's feedback from its question's options (in order), their tallies and the question's source. */
function toFeedback(
  answer: StoredAnswer,
  options: { id: string; isCorrect: boolean }[],
  tally: Map<string, number>,
  source: { url: string | null; outlet: string | null; publishedAt: Date | null } | undefined,
): AnswerFeedback {
  const counts = options.map((o) => tally.get(o.id) ?? 0);
  const percents = percentShares(counts);
  return {
    questionId: answer.questionId,
    chosenOptionId: answer.optionId,
    correctOptionId: options.find((o) => o.isCorrect)?.id ?? "",
    isCorrect: answer.isCorrect,
    // percentShares returns one share per count, so i is in range.
    shares: Object.fromEntries(options.map((o, i) => [o.id, percents[i]!])),
    players: counts.reduce((a, b) => a + b, 0),
    source: source?.url
      ? { url: source.url, outlet: source.outlet, publishedAt: source.publishedAt?.toISOString() ?? null }
      : null,
  };
}

/**
 * The end of a finished play: its score against the other counted players (of other visitors, so a replay
 * is not compared with the same visitor's first play), and how they did on each question.
 */
/** What a result is made from: the finished play. */
type FinishedPlay = Pick<PlayRow, "finishedAt" | "quizId" | "score" | "visitorId" | "questionCount">;

async function resultOf(db: Db, play: FinishedPlay): Promise<PlayResult | null> {
  if (!play.finishedAt) return null;
  // One wave of reads: the quiz's options, its counted plays' figures and their tallies of every question.
  const [options, stats, scores, tallies] = await Promise.all([
    db
      .select({ id: quizOptions.id, questionId: quizOptions.questionId, isCorrect: quizOptions.isCorrect })
      .from(quizOptions)
      .innerJoin(quizQuestions, eq(quizQuestions.id, quizOptions.questionId))
      .where(eq(quizQuestions.quizId, play.quizId))
      .orderBy(asc(quizQuestions.questionOrder), asc(quizQuestions.createdAt), asc(quizOptions.optionOrder)),
    getQuizStats(db, play.quizId),
    countScoresBelow(db, play.quizId, play.score, play.visitorId),
    tallyCountedAnswers(db, play.quizId, "all", play.visitorId),
  ]);
  return {
    score: play.score,
    questionCount: play.questionCount,
    average: stats.average,
    players: stats.players,
    betterThan: betterThanPercent(scores.below, scores.others),
    review: questionStats(options, tallies),
  };
}

/** Where a play stands, for resuming after a reload: feedback only for questions already answered. */
export async function getPlayState(db: Db, playId: string, visitorId: string): Promise<PlayState> {
  const play = await loadOwnPlay(db, playId, visitorId);
  const answers = await db
    .select({
      questionId: quizAnswers.questionId,
      optionId: quizAnswers.optionId,
      isCorrect: quizAnswers.isCorrect,
    })
    .from(quizAnswers)
    .where(eq(quizAnswers.playId, playId))
    .orderBy(asc(quizAnswers.answeredAt));
  return {
    playId,
    quizId: play.quizId,
    questionCount: play.questionCount,
    answers: await feedbackFor(db, play, answers),
    result: await resultOf(db, play),
  };
}

/**
 * The finishing statements' part that adds the counted plays of `finished` (id, counted, quiz_id, score) to
 * quiz_score_counts, grouped, in key order.
 */
const scoreCounted = sql`scored as (
    insert into quiz_score_counts (quiz_id, score, plays)
    select quiz_id, score, count(*)::int from finished where counted
    group by quiz_id, score
    order by quiz_id, score
    on conflict (quiz_id, score) do update set plays = quiz_score_counts.plays + excluded.plays
    returning quiz_id
  )`;

/** The rate_limits key of one address's counted plays of one quiz. */
function countedPlaysKey(quizId: string, clientIp: string) {
  return `quiz-counted:${quizId}:${clientIp}`;
}

/** Plays finishing at the same time, finished together (one batcher per database). */
const finisherOf = onePerDatabase((db) =>
  createWriteBatcher((inputs: FinishInput[]) => finishPlays(db, inputs)),
);

export type FinishInput = { playId: string; quizId: string; visitorId: string; clientIp?: string };

/**
 * Finishes plays once every question is answered, those whose last answers came together in one statement
 * (decision 051). The statement computes each play's score and decides whether it is the visitor's first
 * finished play, which counts. With the client's address, a play that would count also spends one of the
 * address's counted plays of the quiz (COUNTED_PLAYS_PER_ADDRESS, a fixed window in rate_limits whose row
 * lock orders concurrent finishes) and counts only within that allowance. The counted plays' answers are
 * added to the options' tallies, grouped, so a statement locks each shared tally row once.
 *
 * Two plays of one visitor on one quiz, or two allowances of one address, go in successive statements
 * (`rounds`). The partial unique index settles a race between two plays of one visitor finishing in
 * different statements: a statement that fails is finished play by play, and a play that loses the race is
 * stored as not counted. Answers each play as the statement left it (null for one it did not finish).
 */
export function finishPlays(db: Db, inputs: readonly FinishInput[]): Promise<(FinishedPlay | null)[]> {
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

/** One finishing statement for plays of different visitors and addresses; `allowCount` false counts none. */
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

/** A play request over the address's budget: answered 429 with Retry-After. */
export class PlayRateLimited extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super("För många förfrågningar. Försök igen om en stund.");
  }
}

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
  /** The address's request budget, counted in the same statement (with clientIp). */
  requestLimit?: { key: string; rule: RateLimitRule };
};

export type Answered = { feedback: AnswerFeedback; result: PlayResult | null };

/** An answer's outcome: its feedback (and result), or the refusal the route answers (PlayError, PlayRateLimited). */
export type AnswerOutcome = { ok: true; answer: Answered } | { ok: false; error: unknown };

/**
 * An answer as its statement left it: stored with its feedback, the play to finish when it was the play's
 * last, or refused.
 */
export type WrittenAnswer =
  | { ok: true; feedback: AnswerFeedback; finishes: { playId: string; quizId: string } | null }
  | { ok: false; error: unknown };

/** One answer: `answerQuestions` with one input; a refusal is thrown. */
export async function answerQuestion(db: Db, input: AnswerInput, now: Date = new Date()): Promise<Answered> {
  const [outcome] = await answerQuestions(db, [input], now);
  if (!outcome) throw new Error("answerQuestions answered no outcome");
  if (!outcome.ok) throw outcome.error;
  return outcome.answer;
}

/** Answers written (`writeAnswers`) and completed (`completeAnswer`), in the inputs' order. */
export async function answerQuestions(
  db: Db,
  inputs: readonly AnswerInput[],
  now: Date = new Date(),
): Promise<AnswerOutcome[]> {
  const written = await writeAnswers(db, inputs, now);
  return Promise.all(
    inputs.map(async (input, i): Promise<AnswerOutcome> => {
      try {
        return { ok: true, answer: await completeAnswer(db, input, written[i] as WrittenAnswer) };
      } catch (error) {
        return { ok: false, error };
      }
    }),
  );
}

/**
 * An answer's feedback, or its refusal thrown; the play's last answer runs the finishing statement, which
 * sees every answer, and reads the result. Apart from `writeAnswers`, so a statement of many answers is not
 * held up by one play's finish.
 */
export async function completeAnswer(db: Db, input: AnswerInput, written: WrittenAnswer): Promise<Answered> {
  if (!written.ok) throw written.error;
  if (!written.finishes) return { feedback: written.feedback, result: null };
  // The finishing statement answers the play as it left it; a play it did not finish is read.
  const finished =
    (await finisherOf(db).write({
      ...written.finishes,
      visitorId: input.visitorId,
      clientIp: input.clientIp,
    })) ?? onlyRow(await db.select().from(quizPlays).where(eq(quizPlays.id, written.finishes.playId)));
  return { feedback: written.feedback, result: await resultOf(db, finished) };
}

/**
 * Stores answers (each once: it cannot be changed) and returns each one's feedback, in the inputs' order.
 * Each answer is decided exactly as if alone; answers of different plays and addresses share a statement
 * (decision 051), a play's or an address's second answer goes in the next one (`rounds` in
 * lib/write-batcher.server.ts).
 *
 * One statement decides each answer (decision 049): it counts the request against the address's budget (a
 * refusal stores nothing), reads the play and the option, stores the answer, raises the play's `answered`
 * (whose row lock orders a play's concurrent answers, so exactly one sees the last one counted) and reads the
 * feedback: the question's options with the counted players' tallies (less the visitor's own counted play)
 * and its source. The answer that completes its play says so (`finishes`).
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

/** One statement for answers of different plays and budgets, under one request rule. */
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

/** An answer's row of the statement, made its feedback or its refusal (thrown). */
function settleAnswer(
  input: AnswerInput,
  row: AnswerRow | undefined,
  rule: RateLimitRule | undefined,
  now: Date,
): WrittenAnswer {
  const preview = `${PREVIEW_VISITOR_PREFIX}${input.visitorId}`;
  if (rule && row && Number(row.requests) > rule.limit) {
    const resetsAt = new Date(row.requests_window ?? now).getTime() + rule.windowMs;
    throw new PlayRateLimited(Math.max(1, Math.ceil((resetsAt - now.getTime()) / 1000)));
  }
  // A play id alone is not a key: it must come with the visitor that started it.
  if (!row?.play_id || (row.visitor_id !== input.visitorId && row.visitor_id !== preview)) {
    throw new PlayError("Spelomgången hittades inte", 404);
  }
  if (row.finished) throw new PlayError("Spelomgången är redan avslutad", 409);
  if (!row.option_id) throw new PlayError("Svaret hör inte till frågan", 400);
  if (row.answered === null || !row.options) throw new PlayError("Frågan är redan besvarad", 409);
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
