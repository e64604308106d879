import { sourceLabel } from "~/features/quizzes/public";
import { cn } from "~/lib/cn";
import type { AnswerFeedback } from "./play-contract";

/** "Läs mer (Inrikesbladet, 21 november 2026)": a generated question's news item, shown once answered. */
export function SourceLine({
  source,
  className,
}: {
  source: NonNullable<AnswerFeedback["source"]>;
  className?: string;
}) {
  return (
    <p className={cn("text-sm text-stone-700 dark:text-stone-300", className)}>
      <a
        href={source.url}
        className="font-semibold text-amber-800 underline underline-offset-2 dark:text-amber-300"
        rel="noreferrer noopener"
        target="_blank"
      >
        Läs mer
      </a>{" "}
      <span>({sourceLabel(source)})</span>
    </p>
  );
}
