import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { quizAnswers, quizOptions, quizPlays, quizQuestions } from "~/db/schema";
import { type Db, onlyRow, queryRows } from "~/lib/db.server";
import { countInWindow } from "~/lib/rate-limit.server";
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

type AnswerRow = { questionId: string; optionId: string; isCorrect: boolean };

/**
 * Feedback for a play's answers. The shares are those of earlier players, counted the one way
 * every number of a quiz is (counted-plays.server.ts): the first finished plays of other visitors, as far as
 * they have come. The first player sees no shares, and nobody's own choice is in them; a resumed play shows
 * the figures as they are now.
 */
async function feedbackFor(db: Db, play: PlayRow, answers: AnswerRow[]): Promise<AnswerFeedback[]> {
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
  return answers.map((answer) => {
    const source = sourceOf.get(answer.questionId);
    const own = options.filter((o) => o.questionId === answer.questionId);
    const counts = own.map((o) => tally.get(o.id) ?? 0);
    const percents = percentShares(counts);
    return {
      questionId: answer.questionId,
      chosenOptionId: answer.optionId,
      correctOptionId: own.find((o) => o.isCorrect)?.id ?? "",
      isCorrect: answer.isCorrect,
      // percentShares returns one share per count, so i is in range.
      shares: Object.fromEntries(own.map((o, i) => [o.id, percents[i]!])),
      players: counts.reduce((a, b) => a + b, 0),
      source: source?.url
        ? { url: source.url, outlet: source.outlet, publishedAt: source.publishedAt?.toISOString() ?? null }
        : null,
    };
  });
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

/**
 * Stores an answer (once: it cannot be changed) and returns its feedback, plus the result on the last one.
 * Few round trips (decision 046): the play and the option are read in one query, the feedback and the
 * number of answers are read together, and only an answer that completes the play runs the finishing
 * statement and reads the result.
 */
export async function answerQuestion(
  db: Db,
  input: { playId: string; visitorId: string; questionId: string; optionId: string; clientIp?: string },
): Promise<{ feedback: AnswerFeedback; result: PlayResult | null }> {
  const [found] = await db
    .select({
      play: quizPlays,
      option: { id: quizOptions.id, isCorrect: quizOptions.isCorrect },
    })
    .from(quizPlays)
    .leftJoin(
      quizQuestions,
      and(eq(quizQuestions.id, input.questionId), eq(quizQuestions.quizId, quizPlays.quizId)),
    )
    .leftJoin(
      quizOptions,
      and(eq(quizOptions.id, input.optionId), eq(quizOptions.questionId, quizQuestions.id)),
    )
    .where(eq(quizPlays.id, input.playId));
  const play = found?.play;
  // A play id alone is not a key: it must come with the visitor that started it.
  if (
    !play ||
    (play.visitorId !== input.visitorId && play.visitorId !== `${PREVIEW_VISITOR_PREFIX}${input.visitorId}`)
  ) {
    throw new PlayError("Spelomgången hittades inte", 404);
  }
  if (play.finishedAt) throw new PlayError("Spelomgången är redan avslutad", 409);
  const option = found.option;
  if (!option) throw new PlayError("Svaret hör inte till frågan", 400);
  const inserted = await db
    .insert(quizAnswers)
    .values({
      playId: play.id,
      questionId: input.questionId,
      optionId: option.id,
      isCorrect: option.isCorrect,
    })
    .onConflictDoNothing()
    .returning({ questionId: quizAnswers.questionId });
  if (inserted.length === 0) throw new PlayError("Frågan är redan besvarad", 409);
  // Counted after the insert has committed: of two last answers arriving together, the one committed last
  // sees both, so the play is finished whatever the order.
  const [feedback, answered] = await Promise.all([
    feedbackFor(db, play, [
      { questionId: input.questionId, optionId: option.id, isCorrect: option.isCorrect },
    ]),
    db.select({ n: count() }).from(quizAnswers).where(eq(quizAnswers.playId, play.id)),
  ]);
  if (Number(onlyRow(answered).n) < play.questionCount) return { feedback: onlyRow(feedback), result: null };
  await finishIfComplete(db, play.id, play.quizId, input.clientIp);
  const after = await db.select().from(quizPlays).where(eq(quizPlays.id, play.id));
  return { feedback: onlyRow(feedback), result: await resultOf(db, onlyRow(after)) };
}
