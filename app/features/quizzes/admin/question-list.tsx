import { ArrowDown, ArrowUp, Check, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link, useFetcher, useLocation, useNavigate, useSearchParams } from "react-router";
import { Button, buttonClasses } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { EmptyState } from "~/components/ui/empty-state";
import { cn } from "~/lib/cn";
import type { EditorActionResult } from "../editor-actions.server";
import { OPTION_LETTERS, sourceLabel } from "../quiz-format";
import type { EditorQuestion } from "../quiz-queries.server";
import { QuestionForm } from "./question-form";
import { useEditorToast } from "./use-editor-toast";

/** The address parameters that open a form: `?fraga=ny` or `?fraga={id}`, and `?radera={id}` (see below). */
const EDIT_PARAM = "fraga";
const NEW_QUESTION = "ny";
const DELETE_PARAM = "radera";

function QuestionCard({
  question,
  number,
  isFirst,
  isLast,
  closeHref,
  isConfirming,
}: {
  question: EditorQuestion;
  number: number;
  isFirst: boolean;
  isLast: boolean;
  closeHref: string;
  /** `?radera={id}`: the confirmation on the card itself, where the dialog cannot open (no JavaScript). */
  isConfirming: boolean;
}) {
  const fetcher = useFetcher<EditorActionResult>();
  useEditorToast(fetcher.data?.intent === "move-question" && fetcher.data.ok ? undefined : fetcher.data);
  const [isDialogOpen, setDialogOpen] = useState(false);
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
      <fetcher.Form method="post" className="mt-3 flex flex-wrap gap-1">
        <input type="hidden" name="questionId" value={question.id} />
        <input type="hidden" name="intent" value="move-question" />
        <Button
          type="submit"
          name="direction"
          value="up"
          variant="ghost"
          aria-label={`Flytta upp fråga ${number}`}
          disabled={isFirst || busy}
        >
          <ArrowUp className="size-4" aria-hidden />
        </Button>
        <Button
          type="submit"
          name="direction"
          value="down"
          variant="ghost"
          aria-label={`Flytta ner fråga ${number}`}
          disabled={isLast || busy}
        >
          <ArrowDown className="size-4" aria-hidden />
        </Button>
        <Link
          to={`?${EDIT_PARAM}=${question.id}`}
          preventScrollReset
          className={buttonClasses("ghost")}
          aria-label={`Redigera fråga ${number}`}
        >
          <Pencil className="size-4" aria-hidden /> Redigera
        </Link>
        <Link
          to={`?${DELETE_PARAM}=${question.id}`}
          preventScrollReset
          className={buttonClasses("ghost")}
          aria-label={`Radera fråga ${number}`}
          onClick={(event) => {
            event.preventDefault();
            setDialogOpen(true);
          }}
        >
          <Trash2 className="size-4" aria-hidden /> Radera
        </Link>
      </fetcher.Form>
      <ConfirmDialog
        open={isDialogOpen}
        onOpenChange={setDialogOpen}
        title="Är du säker?"
        description={DELETE_WARNING}
        confirmLabel="Radera"
        onConfirm={() => submit({ intent: "delete-question" })}
      />
      {isConfirming ? (
        <fetcher.Form
          method="post"
          aria-label={`Radera fråga ${number}`}
          className="mt-3 flex flex-wrap items-center gap-2 rounded-lg bg-red-50 p-3 text-sm dark:bg-red-950/40"
        >
          <p className="w-full">Är du säker? {DELETE_WARNING}</p>
          <input type="hidden" name="questionId" value={question.id} />
          <input type="hidden" name="intent" value="delete-question" />
          <Button type="submit" variant="destructive" disabled={busy}>
            Radera
          </Button>
          <Link to={closeHref} replace preventScrollReset className={buttonClasses("secondary")}>
            Avbryt
          </Link>
        </fetcher.Form>
      ) : null}
    </article>
  );
}

const DELETE_WARNING = "Frågan och dess svarsalternativ tas bort. Detta kan inte ångras.";

export function QuestionList({
  questions,
  result,
}: {
  questions: EditorQuestion[];
  result?: EditorActionResult;
}) {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const isQuestionAnswer = result?.intent === "add-question" || result?.intent === "update-question";
  // A question the page's own post saved closes its form; one it refused stays open with the errors.
  const editing = isQuestionAnswer && result?.ok ? null : params.get(EDIT_PARAM);
  const close = () => navigate(pathname, { replace: true, preventScrollReset: true });
  const formProps = { onDone: close, closeHref: pathname, result: isQuestionAnswer ? result : undefined };
  return (
    <section aria-labelledby="questions-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="questions-heading" className="text-lg font-semibold">
          Frågor
        </h2>
        <Link to={`?${EDIT_PARAM}=${NEW_QUESTION}`} preventScrollReset className={buttonClasses("primary")}>
          <Plus className="size-4" aria-hidden /> Lägg till fråga
        </Link>
      </div>
      {editing === NEW_QUESTION ? <QuestionForm question={null} {...formProps} /> : null}
      {questions.length === 0 && editing !== NEW_QUESTION ? (
        <EmptyState padding="sm">
          Inga frågor tillagda än. Klicka på "Lägg till fråga" för att börja.
        </EmptyState>
      ) : null}
      <ol className="flex flex-col gap-3">
        {questions.map((question, i) => (
          <li key={question.id}>
            {editing === question.id ? (
              <QuestionForm question={question} {...formProps} />
            ) : (
              <QuestionCard
                question={question}
                number={i + 1}
                isFirst={i === 0}
                isLast={i === questions.length - 1}
                closeHref={pathname}
                isConfirming={params.get(DELETE_PARAM) === question.id}
              />
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
