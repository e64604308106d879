import { Link, useFetcher } from "react-router";
import { Button, buttonClasses } from "~/components/ui/button";
import { Field, Input, Textarea } from "~/components/ui/field";
import { useImageSizeGuard } from "~/features/images/public";
import { useValidatedForm } from "~/lib/use-validated-form";
import type { EditorActionResult } from "../editor-actions.server";
import { OPTION_LETTERS } from "../quiz-format";
import type { EditorQuestion } from "../quiz-queries.server";
import { readQuestionForm } from "../quiz-schema";
import { toastImageTooLarge, useEditorToast } from "./use-editor-toast";

export function QuestionForm({
  question,
  onDone,
  closeHref,
  result,
}: {
  question: EditorQuestion | null;
  onDone: () => void;
  closeHref: string;
  result?: EditorActionResult;
}) {
  const fetcher = useFetcher<EditorActionResult>();
  const guardImageSize = useImageSizeGuard(toastImageTooLarge);
  useEditorToast(fetcher.data, onDone);
  const answer = fetcher.data ?? result;
  const { formRef, errors, onSubmit } = useValidatedForm({
    validate: readQuestionForm,
    serverErrors: answer?.ok === false ? answer.fieldErrors : null,
  });
  const prefix = question ? `q-${question.id}` : "q-new";
  const correctIndex = question ? question.options.findIndex((o) => o.isCorrect) : 2;
  return (
    <fetcher.Form
      ref={formRef}
      onSubmit={(event) => {
        guardImageSize(event);
        if (!event.defaultPrevented) onSubmit(event);
      }}
      noValidate
      method="post"
      encType="multipart/form-data"
      aria-label={question ? "Redigera fråga" : "Ny fråga"}
      className="flex flex-col gap-4 rounded-2xl border border-brand-300 bg-brand-50/60 p-5 dark:border-stone-700 dark:bg-stone-950/60"
    >
      <input type="hidden" name="intent" value={question ? "update-question" : "add-question"} />
      {question ? <input type="hidden" name="questionId" value={question.id} /> : null}
      <Field id={`${prefix}-text`} label="Fråga" error={errors.questionText}>
        <Textarea
          id={`${prefix}-text`}
          name="questionText"
          required
          maxLength={500}
          rows={2}
          defaultValue={question?.questionText}
          autoFocus
        />
      </Field>
      <Field id={`${prefix}-image`} label="Bild (valfri)" error={errors.image}>
        <Input id={`${prefix}-image`} name="image" type="file" accept="image/*" />
      </Field>
      {question?.imageUrl ? (
        <img
          src={question.imageUrl}
          alt="Nuvarande bild"
          className="h-auto max-h-60 w-full rounded-lg bg-stone-100 object-contain dark:bg-stone-950"
        />
      ) : null}
      <Field
        id={`${prefix}-image-alt`}
        label="Bildtext för skärmläsare (valfri)"
        error={errors.imageAlt}
        hint="Beskriv vad bilden visar, för den som inte ser den."
      >
        <Input
          id={`${prefix}-image-alt`}
          name="imageAlt"
          type="text"
          maxLength={300}
          defaultValue={question?.imageAlt ?? ""}
        />
      </Field>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 text-sm font-medium">Svarsalternativ (markera rätt svar)</legend>
        {OPTION_LETTERS.map((letter, i) => (
          <div key={letter} className="flex items-center gap-3">
            <input
              type="radio"
              id={`${prefix}-correct-${letter}`}
              name="correct"
              value={i}
              defaultChecked={i === correctIndex}
              aria-label={`Rätt svar ${letter}`}
              aria-invalid={errors.correct ? true : undefined}
              aria-describedby={errors.correct ? `${prefix}-answers-error` : undefined}
              className="size-5 accent-emerald-600"
            />
            <label htmlFor={`${prefix}-option-${letter}`} className="w-5 text-sm font-bold">
              {letter}
            </label>
            <Input
              id={`${prefix}-option-${letter}`}
              name={`option${letter}`}
              aria-label={`Svar ${letter}`}
              aria-invalid={errors.options ? true : undefined}
              aria-describedby={errors.options ? `${prefix}-answers-error` : undefined}
              required
              maxLength={200}
              defaultValue={question?.options[i]?.optionText}
            />
          </div>
        ))}
        {errors.options || errors.correct ? (
          <p id={`${prefix}-answers-error`} className="text-sm text-red-700 dark:text-red-400">
            {errors.options ?? errors.correct}
          </p>
        ) : null}
      </fieldset>
      <div className="flex justify-end gap-2">
        <Link to={closeHref} replace preventScrollReset className={buttonClasses("secondary")}>
          Avbryt
        </Link>
        <Button type="submit" disabled={fetcher.state !== "idle"}>
          {question ? "Uppdatera" : "Spara"}
        </Button>
      </div>
    </fetcher.Form>
  );
}
