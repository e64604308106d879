import { ArrowDown, ArrowUp, Check, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { EmptyState } from "~/components/ui/empty-state";
import { cn } from "~/lib/cn";
import type { EditorActionResult } from "../editor-actions.server";
import { OPTION_LETTERS, sourceLabel } from "../quiz-format";
import type { EditorQuestion } from "../quiz-queries.server";
import { QuestionForm } from "./question-form";
import { useEditorToast } from "./use-editor-toast";

function QuestionCard({
  question,
  number,
  isFirst,
  isLast,
  onEdit,
}: {
  question: EditorQuestion;
  number: number;
  isFirst: boolean;
  isLast: boolean;
  onEdit: () => void;
}) {
  const fetcher = useFetcher<EditorActionResult>();
  useEditorToast(fetcher.data?.intent === "move-question" && fetcher.data.ok ? undefined : fetcher.data);
  const busy = fetcher.state !== "idle";
  const submit = (fields: Record<string, string>) =>
    fetcher.submit({ questionId: question.id, ...fields }, { method: "post" });
  return (
    <article
      aria-label={`Fråga ${number}`}
      className="rounded-2xl border border-stone-200 bg-white p-4 dark:border-stone-800 dark:bg-stone-900"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 flex-1">
          <h3 className="text-sm font-semibold text-brand-700 dark:text-brand-300">Fråga {number}</h3>
          <p className="mt-1 font-medium">{question.questionText}</p>
        </div>
        {question.imageUrl ? (
          <img
            src={question.imageUrl}
            alt={question.imageAlt ?? ""}
            className="h-16 w-24 rounded-md bg-stone-100 object-contain dark:bg-stone-950"
          />
        ) : null}
      </div>
      <ol className="mt-3 grid gap-1.5 text-sm sm:grid-cols-3">
        {question.options.map((option, i) => (
          <li
            key={option.id}
            className={cn(
              "flex items-center gap-2 rounded-lg px-2.5 py-1.5",
              option.isCorrect
                ? "bg-emerald-50 font-medium text-emerald-900 dark:bg-emerald-950/60 dark:text-emerald-100"
                : "bg-stone-50 dark:bg-stone-950/60",
            )}
          >
            <span className="font-bold">{OPTION_LETTERS[i]}</span> {option.optionText}
            {option.isCorrect ? <Check className="ml-auto size-4" aria-label="Rätt svar" /> : null}
          </li>
        ))}
      </ol>
      {question.sourceUrl ? (
        <p className="mt-2 text-xs text-stone-600 dark:text-stone-400">
          Källa:{" "}
          <a
            href={question.sourceUrl}
            className="font-medium underline"
            rel="noreferrer noopener"
            target="_blank"
            title={question.sourceUrl}
          >
            {sourceLabel({
              url: question.sourceUrl,
              outlet: question.sourceOutlet,
              publishedAt: question.sourcePublishedAt,
            })}
          </a>
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-1">
        <Button
          variant="ghost"
          aria-label={`Flytta upp fråga ${number}`}
          disabled={isFirst || busy}
          onClick={() => submit({ intent: "move-question", direction: "up" })}
        >
          <ArrowUp className="size-4" aria-hidden />
        </Button>
        <Button
          variant="ghost"
          aria-label={`Flytta ner fråga ${number}`}
          disabled={isLast || busy}
          onClick={() => submit({ intent: "move-question", direction: "down" })}
        >
          <ArrowDown className="size-4" aria-hidden />
        </Button>
        <Button variant="ghost" onClick={onEdit} aria-label={`Redigera fråga ${number}`}>
          <Pencil className="size-4" aria-hidden /> Redigera
        </Button>
        <ConfirmDialog
          title="Är du säker?"
          description="Frågan och dess svarsalternativ tas bort. Detta kan inte ångras."
          confirmLabel="Radera"
          onConfirm={() => submit({ intent: "delete-question" })}
          trigger={
            <Button variant="ghost" aria-label={`Radera fråga ${number}`} disabled={busy}>
              <Trash2 className="size-4" aria-hidden /> Radera
            </Button>
          }
        />
      </div>
    </article>
  );
}

/** The 'Frågor' section: saved questions as 'Fråga N', with the add/edit form and the empty state. */
export function QuestionList({ questions }: { questions: EditorQuestion[] }) {
  // "new" for the add form, a question id while editing that question, or null.
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <section aria-labelledby="questions-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="questions-heading" className="text-lg font-semibold">
          Frågor
        </h2>
        <Button onClick={() => setEditing("new")} disabled={editing === "new"}>
          <Plus className="size-4" aria-hidden /> Lägg till fråga
        </Button>
      </div>
      {editing === "new" ? <QuestionForm question={null} onDone={() => setEditing(null)} /> : null}
      {questions.length === 0 && editing !== "new" ? (
        <EmptyState padding="sm">
          Inga frågor tillagda än. Klicka på "Lägg till fråga" för att börja.
        </EmptyState>
      ) : null}
      <ol className="flex flex-col gap-3">
        {questions.map((question, i) => (
          <li key={question.id}>
            {editing === question.id ? (
              <QuestionForm question={question} onDone={() => setEditing(null)} />
            ) : (
              <QuestionCard
                question={question}
                number={i + 1}
                isFirst={i === 0}
                isLast={i === questions.length - 1}
                onEdit={() => setEditing(question.id)}
              />
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
