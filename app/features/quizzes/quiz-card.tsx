import { Brain } from "lucide-react";
import { Link } from "react-router";
import { cn } from "~/lib/cn";
import { formatDate } from "~/lib/time";
import { difficultyLabel } from "./categories";
import { questionCountLabel } from "./quiz-format";

export type QuizCardData = {
  id: string;
  title: string;
  titleSlug: string;
  description: string | null;
  imageUrl: string | null;
  category: string;
  difficulty: string;
  createdAt: string;
  questionCount: number;
};

export function QuizImage({ quiz, className }: { quiz: Pick<QuizCardData, "imageUrl">; className?: string }) {
  return (
    <div className={cn("aspect-video overflow-hidden bg-brand-100 dark:bg-stone-800", className)}>
      {quiz.imageUrl ? (
        <img src={quiz.imageUrl} alt="" loading="lazy" className="size-full object-cover" />
      ) : (
        <div className="flex size-full items-center justify-center bg-gradient-to-br from-brand-100 to-brand-200 dark:from-stone-800 dark:to-stone-900">
          <Brain className="size-12 text-brand-700 dark:text-brand-300" aria-hidden />
        </div>
      )}
    </div>
  );
}

export function QuizMeta({
  quiz,
}: {
  quiz: Pick<QuizCardData, "category" | "difficulty" | "questionCount">;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2 text-xs">
      <span className="rounded-full bg-brand-100 px-2.5 py-0.5 font-medium text-brand-900 dark:bg-brand-900/60 dark:text-brand-100">
        {quiz.category}
      </span>
      <span className="rounded-full bg-stone-100 px-2.5 py-0.5 font-medium text-stone-700 dark:bg-stone-800 dark:text-stone-300">
        {difficultyLabel(quiz.difficulty)}
      </span>
      <span className="text-stone-600 dark:text-stone-400">{questionCountLabel(quiz.questionCount)}</span>
    </div>
  );
}

export function QuizCard({ quiz }: { quiz: QuizCardData }) {
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm transition-shadow hover:shadow-md dark:border-stone-800 dark:bg-stone-900">
      <QuizImage quiz={quiz} />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <QuizMeta quiz={quiz} />
        <h3 className="text-lg font-semibold leading-snug">
          <Link
            to={`/veckans-nutidsquiz/${quiz.titleSlug}`}
            className="after:absolute after:inset-0 group-hover:text-brand-700 dark:group-hover:text-brand-300"
          >
            {quiz.title}
          </Link>
        </h3>
        {quiz.description ? (
          <p className="line-clamp-2 text-sm text-stone-600 dark:text-stone-400">{quiz.description}</p>
        ) : null}
        <p className="mt-auto pt-1 text-xs text-stone-600 dark:text-stone-400">
          <time dateTime={quiz.createdAt}>{formatDate(quiz.createdAt)}</time>
        </p>
      </div>
    </article>
  );
}
