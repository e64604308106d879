import { asc, count, eq, inArray, sql } from "drizzle-orm";
import { quizAnswers, quizOptions, quizPlays, quizQuestions } from "~/db/schema";
import { type Db, onlyRow, queryRows } from "~/lib/db.server";
import { countInWindow, type RateLimitRule } from "~/lib/rate-limit.server";
import { countScoresBelow, tallyCountedAnswers } from "./counted-plays.server";
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

export type AnswerFeedback = {
  questionId: string;
  chosenOptionId: string;
  correctOptionId: string;
  isCorrect: boolean;
  /** Whole percentages per option id, over the answers of the other counted players so far. */
  shares: Record<string, number>;
  /** How many other counted players have answered the question; 0 for the first ("Du är först …"). */
  players: number;
  /** The news item a generated question is based on, shown only once answered ("Läs mer"). */
  source: { url: string; outlet: string | null; publishedAt: string | null } | null;
};

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

/** How the counted players did on one question, for the review at the end. */
type QuestionStat = {
  questionId: string;
  /** Whole percent of them who answered right; null when no other counted player has answered it. */
  correctPercent: number | null;
  players: number;
};

export type PlayResult = {
  score: number;
  questionCount: number;
  average: number | null;
  players: number;
  /** Whole percent of other counted players with a lower score; null when there is no other yet. */
  betterThan: number | null;
  /** Per question, in question order: how the other counted players did. */
  review: QuestionStat[];
};

export type PlayState = {
  playId: string;
  quizId: string;
  questionCount: number;
  answers: AnswerFeedback[];
  result: PlayResult | null;
};

/**
 * The end of a finished play: its score against the other counted players (of other visitors, so a replay
 * is not compared with the same visitor's first play), and how they did on each question.
 */
async function resultOf(db: Db, play: PlayRow): Promise<PlayResult | null> {
  if (!play.finishedAt) return null;
  const options = await db
    .select({ id: quizOptions.id, questionId: quizOptions.questionId, isCorrect: quizOptions.isCorrect })
    .from(quizOptions)
    .innerJoin(quizQuestions, eq(quizQuestions.id, quizOptions.questionId))
    .where(eq(quizQuestions.quizId, play.quizId))
    .orderBy(asc(quizQuestions.questionOrder), asc(quizQuestions.createdAt), asc(quizOptions.optionOrder));
  const questionIds = [...new Set(options.map((o) => o.questionId))];
  const [stats, scores, tallies] = await Promise.all([
    getQuizStats(db, play.quizId),
    countScoresBelow(db, play.quizId, play.score, play.visitorId),
    tallyCountedAnswers(db, play.quizId, questionIds, play.visitorId),
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

/** The rate_limits key of one address's counted plays of one quiz. */
function countedPlaysKey(quizId: string, clientIp: string) {
  return `quiz-counted:${quizId}:${clientIp}`;
}

/**
 * Finishes a play once every question is answered: one statement computes the score and decides whether this
 * is the visitor's first finished play. The partial unique index settles a race between two plays of one
 * visitor; the loser is stored as not counted. With the client's address, a play that would count also
 * spends one of the address's counted plays of the quiz (COUNTED_PLAYS_PER_ADDRESS, a fixed window in
 * rate_limits whose row lock orders concurrent finishes) and counts only within that allowance.
 */
async function finishIfComplete(db: Db, playId: string, quizId: string, clientIp?: string): Promise<void> {
  const { limit, windowMs } = COUNTED_PLAYS_PER_ADDRESS;
  const finish = (allowCount: boolean) => {
    const now = new Date();
    const nowIso = now.toISOString();
    const floorIso = new Date(now.getTime() - windowMs).toISOString();
    const countable = sql`
      select p.id from quiz_plays p
      where p.id = ${playId}::uuid
        and ${allowCount}
        and p.finished_at is null
        and (select count(*) from quiz_answers a where a.play_id = p.id) >= p.question_count
        and p.visitor_id not like ${`${PREVIEW_VISITOR_PREFIX}%`}
        and not exists (select 1 from quiz_plays o
                        where o.quiz_id = p.quiz_id and o.visitor_id = p.visitor_id and o.counted)`;
    const allowance =
      clientIp === undefined
        ? sql`allowed as (select id from countable)`
        : sql`quota as (
            insert into rate_limits (key, count, window_start)
            select ${countedPlaysKey(quizId, clientIp)}, 1, ${nowIso}::timestamptz from countable
            ${countInWindow(floorIso, nowIso)}
          ),
          allowed as (select id from countable where exists (select 1 from quota where count <= ${limit}))`;
    // A play that counts adds its answers to the options' tallies in the same statement. The options are
    // taken in one order, so two plays finishing at once lock the shared tally rows in the same order.
    return queryRows(
      db,
      sql`with countable as (${countable}),
          ${allowance},
          finished as (
            update quiz_plays p set
              finished_at = now(),
              score = (select count(*) from quiz_answers a where a.play_id = p.id and a.is_correct)::int,
              counted = exists (select 1 from allowed)
            where p.id = ${playId}::uuid
              and p.finished_at is null
              and (select count(*) from quiz_answers a where a.play_id = p.id) >= p.question_count
            returning p.id, p.counted
          ),
          tallied as (
            insert into quiz_option_tallies (option_id, answers)
            select a.option_id, 1 from quiz_answers a join finished f on f.id = a.play_id
            where f.counted
            order by a.option_id
            on conflict (option_id) do update set answers = quiz_option_tallies.answers + 1
            returning option_id
          )
          select id from finished`,
    );
  };
  try {
    await finish(true);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    await finish(false);
  }
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

/**
 * Stores an answer (once: it cannot be changed) and returns its feedback, plus the result on the last one.
 * One statement does it (decision 048): it counts the request against the address's budget (a refusal
 * stores nothing), reads the play and the option, stores the answer, raises the play's `answered` (whose row
 * lock orders a play's concurrent answers, so exactly one sees the last one counted) and reads the feedback:
 * the question's options with the counted players' tallies (less the visitor's own counted play) and its
 * source. Only the answer that completes the play runs the finishing statement and reads the result.
 */
export async function answerQuestion(
  db: Db,
  input: {
    playId: string;
    visitorId: string;
    questionId: string;
    optionId: string;
    clientIp?: string;
    /** The address's request budget, counted in the same statement (with clientIp). */
    requestLimit?: { key: string; rule: RateLimitRule };
  },
  now: Date = new Date(),
): Promise<{ feedback: AnswerFeedback; result: PlayResult | null }> {
  const nowIso = now.toISOString();
  const budget = input.requestLimit;
  const requests = budget
    ? sql`requests as (
        insert into rate_limits (key, count, window_start) values (${budget.key}, 1, ${nowIso}::timestamptz)
        ${countInWindow(new Date(now.getTime() - budget.rule.windowMs).toISOString(), nowIso)}, window_start
      ),`
    : sql`requests as (select null::int as count, null::timestamptz as window_start),`;
  const withinBudget = budget ? sql`(select count from requests) <= ${budget.rule.limit}` : sql`true`;
  const preview = `${PREVIEW_VISITOR_PREFIX}${input.visitorId}`;
  const [row] = await queryRows<AnswerRow>(
    db,
    sql`with ${requests}
      play as (
        select p.id, p.quiz_id, p.visitor_id, p.finished_at is not null as finished, p.question_count,
          o.id as option_id, o.is_correct
        from quiz_plays p
        left join quiz_questions q on q.id = ${input.questionId}::uuid and q.quiz_id = p.quiz_id
        left join quiz_options o on o.id = ${input.optionId}::uuid and o.question_id = q.id
        where p.id = ${input.playId}::uuid and ${withinBudget}
      ),
      stored as (
        insert into quiz_answers (play_id, question_id, option_id, is_correct)
        select id, ${input.questionId}::uuid, option_id, is_correct from play
        where visitor_id in (${input.visitorId}, ${preview}) and not finished and option_id is not null
        on conflict do nothing
        returning play_id
      ),
      counted as (
        update quiz_plays set answered = answered + 1
        where id = (select play_id from stored)
        returning answered
      ),
      own as (
        select a.option_id, count(*)::int as n
        from quiz_plays p join quiz_answers a on a.play_id = p.id
        where p.quiz_id = (select quiz_id from play) and p.visitor_id = ${input.visitorId} and p.counted
        group by a.option_id
      )
      select r.count as requests, r.window_start as requests_window,
        play.id as play_id, play.quiz_id, play.visitor_id, play.finished, play.question_count,
        play.option_id, play.is_correct,
        (select answered from counted) as answered,
        case when exists (select 1 from stored) then (
          select json_agg(json_build_object(
              'id', o.id, 'isCorrect', o.is_correct,
              'n', coalesce(t.answers, 0) - coalesce(own.n, 0)) order by o.option_order)
          from quiz_options o
          left join quiz_option_tallies t on t.option_id = o.id
          left join own on own.option_id = o.id
          where o.question_id = ${input.questionId}::uuid
        ) end as options,
        q.source_url, q.source_outlet, q.source_published_at
      from requests r
      left join play on true
      left join quiz_questions q on play.option_id is not null and q.id = ${input.questionId}::uuid`,
  );
  if (budget && row && Number(row.requests) > budget.rule.limit) {
    const resetsAt = new Date(row.requests_window ?? now).getTime() + budget.rule.windowMs;
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
  if (Number(row.answered) < Number(row.question_count)) return { feedback, result: null };
  await finishIfComplete(db, row.play_id, row.quiz_id ?? "", input.clientIp);
  const after = await db.select().from(quizPlays).where(eq(quizPlays.id, row.play_id));
  return { feedback, result: await resultOf(db, onlyRow(after)) };
}
