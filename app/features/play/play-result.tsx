import { ThumbsDown, ThumbsUp } from "lucide-react";
import { Link } from "react-router";
import { Button, buttonClasses } from "~/components/ui/button";
import type { Challenge } from "./challenge";
import { ChallengeFriend, ChallengeResult } from "./challenge-friend";
import type { AnswerFeedback, PlayResult, PublicQuestion } from "./play-contract";
import { PlayReview } from "./play-review";
import { betterThanText, formatAverage } from "./play-rules";
import type { Vote } from "./quiz-player-state";
import { ShareResult } from "./share-result";
import { type WeeklyInfo, WeeklyRhythm } from "./weekly-rhythm";

type Props = {
  quiz: { title: string };
  shareUrl: string;
  questions: PublicQuestion[];
  answers: Record<string, AnswerFeedback>;
  result: PlayResult;
  weekly: WeeklyInfo | null;
  /** The challenge this play took, shown beside its result. */
  challenge: Challenge | null;
  playId: string | null;
  vote: Vote | null;
  isPreview: boolean;
  onVote: (vote: Vote) => void;
  onPlayAgain: () => void;
};

const VOTE_CHOICES = [
  { choice: "up", label: "Tumme upp", Icon: ThumbsUp },
  { choice: "down", label: "Tumme ner", Icon: ThumbsDown },
] as const;

/**
 * The end of a play (`finished`, then `voted`): score, the average and where it stands among the counted
 * players, when the next NutidsQuiz comes, the vote, sharing, and the review of every answer.
 */
export function PlayResultView({
  quiz,
  shareUrl,
  questions,
  answers,
  result,
  weekly,
  challenge,
  playId,
  vote,
  isPreview,
  onVote,
  onPlayAgain,
}: Props) {
  const marks = questions.map((q) => answers[q.id]?.isCorrect ?? false);
  return (
    <section
      aria-labelledby="result-heading"
      className="rounded-3xl border border-stone-200 bg-white p-6 text-center shadow-sm sm:p-10 dark:border-stone-800 dark:bg-stone-900"
    >
      <p className="text-sm font-medium text-stone-600 dark:text-stone-400">{quiz.title}</p>
      <h1 id="result-heading" className="mt-2 text-3xl font-bold tracking-tight">
        Du fick {result.score} av {result.questionCount} rätt
      </h1>
      <p className="mt-3 text-lg text-stone-700 dark:text-stone-300">
        Snittet är {formatAverage(result.average)} av {result.questionCount}
      </p>
      {isPreview ? (
        <p className="mt-2 text-sm text-stone-600 dark:text-stone-400">Förhandsvisning – räknas inte.</p>
      ) : (
        <p className="mt-1 font-semibold text-brand-800 dark:text-brand-300">
          {betterThanText(result.betterThan)}
        </p>
      )}
      {challenge ? <ChallengeResult score={result.score} challenge={challenge} /> : null}
      {weekly ? <WeeklyRhythm weekly={weekly} countsForStreak={!isPreview} /> : null}
      {playId && !isPreview ? <ChallengeFriend playId={playId} /> : null}
      <div className="mt-8">
        <fieldset>
          <legend className="mx-auto font-medium">Vad tyckte du om quizet?</legend>
          <div className="mt-3 flex justify-center gap-3">
            {VOTE_CHOICES.map(({ choice, label, Icon }) => (
              <Button
                key={choice}
                variant={vote === choice ? "primary" : "secondary"}
                aria-pressed={vote === choice}
                onClick={() => onVote(choice)}
                aria-label={label}
              >
                <Icon className="size-5" aria-hidden />
              </Button>
            ))}
          </div>
        </fieldset>
        <p className="mt-2 min-h-5 text-sm text-stone-600 dark:text-stone-400" aria-live="polite">
          {vote ? "Tack för din röst! Du kan ändra den när du vill." : ""}
        </p>
      </div>
      <ShareResult
        title={quiz.title}
        url={shareUrl}
        score={result.score}
        questionCount={result.questionCount}
        marks={marks}
      />
      <div className="mt-8 flex flex-wrap justify-center gap-2">
        <Button variant="secondary" onClick={onPlayAgain}>
          Spela igen
        </Button>
        <Link to="/veckans-nutidsquiz" className={buttonClasses("primary")}>
          Till alla quiz
        </Link>
      </div>
      <PlayReview questions={questions} answers={answers} review={result.review} />
    </section>
  );
}
