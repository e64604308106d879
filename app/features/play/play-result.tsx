import { Share2, ThumbsDown, ThumbsUp } from "lucide-react";
import { Link } from "react-router";
import { Button, buttonClasses } from "~/components/ui/button";
import { toast } from "~/components/ui/toast";
import type { PlayResult } from "./play-client";
import { formatAverage } from "./play-rules";
import type { Vote } from "./quiz-player-state";

type Props = {
  quiz: { title: string; titleSlug: string };
  result: PlayResult;
  vote: Vote | null;
  isPreview: boolean;
  onVote: (vote: Vote) => void;
  onPlayAgain: () => void;
};

const VOTE_CHOICES = [
  { choice: "up", label: "Tumme upp", Icon: ThumbsUp },
  { choice: "down", label: "Tumme ner", Icon: ThumbsDown },
] as const;

/** The end of a play (`finished`, then `voted`): score, the average, the thumbs vote and sharing. */
export function PlayResultView({ quiz, result, vote, isPreview, onVote, onPlayAgain }: Props) {
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
      ) : null}
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
      <div className="mt-8 flex flex-wrap justify-center gap-2">
        <Button variant="secondary" onClick={() => shareResult(quiz, result)}>
          <Share2 className="size-4" aria-hidden /> Dela
        </Button>
        <Button variant="secondary" onClick={onPlayAgain}>
          Spela igen
        </Button>
        <Link to="/veckans-nutidsquiz" className={buttonClasses("primary")}>
          Till alla quiz
        </Link>
      </div>
    </section>
  );
}

/** The Web Share API where there is one, else the link copied to the clipboard. */
async function shareResult(quiz: { title: string; titleSlug: string }, result: PlayResult) {
  const url = `${window.location.origin}/veckans-nutidsquiz/${quiz.titleSlug}`;
  const text = `Jag fick ${result.score} av ${result.questionCount} rätt på ${quiz.title}!`;
  if (navigator.share) {
    try {
      await navigator.share({ title: quiz.title, text, url });
    } catch {
      // Closing the share sheet is not an error.
    }
    return;
  }
  try {
    await navigator.clipboard.writeText(url);
    toast.success("Länken är kopierad");
  } catch {
    toast.error("Kunde inte kopiera länken");
  }
}
