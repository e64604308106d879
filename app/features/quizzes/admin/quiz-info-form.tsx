import { Switch } from "radix-ui";
import { useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Field, Input, Select, Textarea } from "~/components/ui/field";
import { useImageSizeGuard } from "~/features/images/public";
import { formatIsoWeek, type IsoWeek, toStockholmDateTimeInput } from "~/lib/time";
import { useValidatedForm } from "~/lib/use-validated-form";
import { DIFFICULTIES, DIFFICULTY_LABELS, NUTIDSQUIZ_CATEGORY, QUIZ_CATEGORIES } from "../categories";
import type { EditorActionResult } from "../editor-actions.server";
import { readQuizForm } from "../quiz-schema";
import { toastImageTooLarge, useEditorToast } from "./use-editor-toast";

export type EditableQuiz = {
  id: string;
  title: string;
  category: string;
  difficulty: string;
  description: string | null;
  imageUrl: string | null;
  isActive: boolean;
  week: IsoWeek | null;
  /** ISO time. */
  publishedAt: string | null;
};

export function QuizInfoForm({
  quiz,
  questionCount,
  result,
}: {
  quiz: EditableQuiz | null;
  questionCount: number;
  /** The action's answer when the page itself was posted (without JavaScript). */
  result?: EditorActionResult;
}) {
  const fetcher = useFetcher<EditorActionResult>();
  const guardImageSize = useImageSizeGuard(toastImageTooLarge);
  useEditorToast(fetcher.data);
  const answer = fetcher.data ?? result;
  const saving = fetcher.state !== "idle";
  // The week is a NutidsQuiz's alone: the field shows for that category only.
  const [category, setCategory] = useState(quiz?.category ?? NUTIDSQUIZ_CATEGORY);
  const { formRef, errors, onSubmit } = useValidatedForm({
    validate: readQuizForm,
    serverErrors: answer?.ok === false ? answer.fieldErrors : null,
  });
  return (
    <section
      aria-labelledby="quiz-info-heading"
      className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6 dark:border-stone-800 dark:bg-stone-900"
    >
      <h2 id="quiz-info-heading" className="text-lg font-semibold">
        Quiz Information
      </h2>
      <fetcher.Form
        ref={formRef}
        onSubmit={(event) => {
          guardImageSize(event);
          if (!event.defaultPrevented) onSubmit(event);
        }}
        noValidate
        method="post"
        encType="multipart/form-data"
        className="mt-4 grid gap-4 sm:grid-cols-2"
      >
        <input type="hidden" name="intent" value="save-quiz" />
        <div className="sm:col-span-2">
          <Field id="quiz-title" label="Titel" error={errors.title}>
            <Input id="quiz-title" name="title" required maxLength={120} defaultValue={quiz?.title} />
          </Field>
        </div>
        <Field id="quiz-category" label="Kategori" error={errors.category}>
          <Select
            id="quiz-category"
            name="category"
            defaultValue={quiz?.category ?? "NutidsQuiz"}
            onChange={(event) => setCategory(event.currentTarget.value)}
          >
            {QUIZ_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="quiz-difficulty" label="Svårighetsgrad" error={errors.difficulty}>
          <Select id="quiz-difficulty" name="difficulty" defaultValue={quiz?.difficulty ?? "medium"}>
            {DIFFICULTIES.map((d) => (
              <option key={d} value={d}>
                {DIFFICULTY_LABELS[d]}
              </option>
            ))}
          </Select>
        </Field>
        <div className="sm:col-span-2">
          <Field id="quiz-description" label="Beskrivning" error={errors.description}>
            <Textarea
              id="quiz-description"
              name="description"
              rows={3}
              maxLength={2000}
              defaultValue={quiz?.description ?? ""}
            />
          </Field>
        </div>
        {category === NUTIDSQUIZ_CATEGORY ? (
          <Field
            id="quiz-week"
            error={errors.week}
            label="Vecka (NutidsQuiz)"
            hint="Veckan quizet hör till, till exempel 2026-W48. Tomt: veckan det görs för."
          >
            <Input
              id="quiz-week"
              name="week"
              type="week"
              placeholder="2026-W48"
              defaultValue={quiz?.week ? formatIsoWeek(quiz.week) : ""}
            />
          </Field>
        ) : null}
        <Field
          id="quiz-published-at"
          label="Publiceras"
          hint="Svensk tid. Tomt: när quizet blir aktivt."
          error={errors.publishedAt}
        >
          <Input
            id="quiz-published-at"
            name="publishedAt"
            type="datetime-local"
            defaultValue={quiz?.publishedAt ? toStockholmDateTimeInput(new Date(quiz.publishedAt)) : ""}
          />
        </Field>
        <div className="flex items-end gap-4 sm:col-span-2">
          {quiz?.imageUrl ? (
            <img
              src={quiz.imageUrl}
              alt="Nuvarande bild"
              className="aspect-video w-28 rounded-lg object-cover"
            />
          ) : null}
          <div className="flex-1">
            <Field
              id="quiz-image"
              error={errors.image}
              label="Bild"
              hint={
                quiz?.imageUrl
                  ? "JPEG, PNG eller WebP. Lämna tomt för att behålla nuvarande bild."
                  : "JPEG, PNG eller WebP. Valfritt."
              }
            >
              <Input
                id="quiz-image"
                name="image"
                type="file"
                accept="image/*"
                className="file:mr-3 file:rounded-md file:border-0 file:bg-stone-100 file:px-3 file:py-1 dark:file:bg-stone-800 dark:file:text-stone-100"
              />
            </Field>
          </div>
        </div>
        <div className="flex items-center gap-3">
          <Switch.Root
            id="quiz-active"
            name="isActive"
            defaultChecked={quiz?.isActive ?? false}
            className="relative h-6 w-11 shrink-0 rounded-full bg-stone-400 transition-colors data-[state=checked]:bg-emerald-600 dark:bg-stone-600 dark:data-[state=checked]:bg-emerald-500"
          >
            <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem]" />
          </Switch.Root>
          <label htmlFor="quiz-active" className="text-sm font-medium">
            Aktiv
          </label>
          {questionCount === 0 && !quiz?.isActive ? (
            <p id="quiz-active-hint" className="text-sm text-stone-600 dark:text-stone-400">
              Ett quiz utan frågor kan inte vara aktivt.
            </p>
          ) : null}
        </div>
        <div className="flex justify-end sm:col-span-2">
          <Button type="submit" disabled={saving}>
            {quiz ? "Uppdatera Quiz" : "Skapa Quiz"}
          </Button>
        </div>
      </fetcher.Form>
    </section>
  );
}
