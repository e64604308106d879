import type { z } from "zod";
import { discardUploadedImage, saveUploadedImage } from "~/features/images/public.server";
import { AppError, formFailure } from "~/lib/app-error";
import type { Db } from "~/lib/db.server";
import { type FormFailure, fieldErrorsOf } from "~/lib/form-errors";
import { isUuid } from "~/lib/http.server";
import { addQuestion, deleteQuestion, moveQuestion, updateQuestion } from "./question-mutations.server";
import { createQuiz, updateQuiz } from "./quiz-mutations.server";
import { countQuestions, findQuizRow } from "./quiz-queries.server";
import { readQuestionForm, readQuizForm } from "./quiz-schema";

export type EditorIntent =
  | "create-quiz"
  | "update-quiz"
  | "add-question"
  | "update-question"
  | "delete-question"
  | "move-question";

export type EditorActionResult =
  | { ok: true; intent: EditorIntent; quizId: string; at: number }
  | (FormFailure & { intent: EditorIntent | "unknown"; at: number });

const EMPTY_QUIZ_ERROR = "Ett quiz utan frågor kan inte vara aktivt. Lägg till minst en fråga först.";

const fail = (
  intent: EditorActionResult["intent"],
  refusal: string | z.ZodError | AppError,
): EditorActionResult =>
  formFailure(
    typeof refusal === "string"
      ? new AppError("bad-request", { message: refusal })
      : refusal instanceof AppError
        ? refusal
        : new AppError("bad-request", { fieldErrors: fieldErrorsOf(refusal) }),
    { intent, at: Date.now() },
  );

/** A bad file fails the whole save before anything is written. */
async function readImage(
  form: FormData,
  name: string,
): Promise<{ url: string | null } | { error: AppError }> {
  const file = form.get(name);
  if (!(file instanceof File) || file.size === 0) return { url: null };
  const saved = await saveUploadedImage(file, "quiz-images");
  return saved.ok
    ? { url: saved.url }
    : { error: new AppError("bad-request", { message: saved.error, field: name }) };
}

/** A save that fails after its image was stored removes the image again, so storage keeps no orphaned files. */
export async function handleEditorAction(
  db: Db,
  form: FormData,
  quizId: string | null,
): Promise<EditorActionResult> {
  const stored: string[] = [];
  const storingImage = async (name: string) => {
    const image = await readImage(form, name);
    if ("url" in image && image.url) stored.push(image.url);
    return image;
  };
  let result: EditorActionResult | undefined;
  try {
    result = await runEditorAction(db, form, quizId, storingImage);
    return result;
  } finally {
    if (!result?.ok) await Promise.all(stored.map((url) => discardUploadedImage(url)));
  }
}

async function runEditorAction(
  db: Db,
  form: FormData,
  quizId: string | null,
  storeImage: (name: string) => Promise<{ url: string | null } | { error: AppError }>,
): Promise<EditorActionResult> {
  const intent = String(form.get("intent") ?? "");
  if (intent === "save-quiz") {
    const mode = quizId ? "update-quiz" : "create-quiz";
    const parsed = readQuizForm(form);
    if (!parsed.success) return fail(mode, parsed.error);
    if (parsed.data.isActive && (!quizId || (await countQuestions(db, quizId)) === 0))
      return fail(mode, EMPTY_QUIZ_ERROR);
    const image = await storeImage("image");
    if ("error" in image) return fail(mode, image.error);
    const fields = { ...parsed.data, imageUrl: image.url };
    if (!quizId) {
      const quiz = await createQuiz(db, fields);
      return { ok: true, intent: mode, quizId: quiz.id, at: Date.now() };
    }
    const quiz = await updateQuiz(db, quizId, fields);
    return quiz ? { ok: true, intent: mode, quizId, at: Date.now() } : fail(mode, "Quizet hittades inte");
  }

  const quiz = quizId ? await findQuizRow(db, quizId) : null;
  if (!quizId || !quiz) return fail("unknown", "Quizet hittades inte");

  if (intent === "add-question" || intent === "update-question") {
    const parsed = readQuestionForm(form);
    if (!parsed.success) return fail(intent, parsed.error);
    const image = await storeImage("image");
    if ("error" in image) return fail(intent, image.error);
    const fields = { ...parsed.data, imageUrl: image.url };
    if (intent === "add-question") {
      await addQuestion(db, quizId, fields);
      return { ok: true, intent, quizId, at: Date.now() };
    }
    const questionId = String(form.get("questionId") ?? "");
    const updated = isUuid(questionId) && (await updateQuestion(db, quizId, questionId, fields));
    return updated ? { ok: true, intent, quizId, at: Date.now() } : fail(intent, "Frågan hittades inte");
  }

  if (intent === "delete-question") {
    if (quiz.isActive && (await countQuestions(db, quizId)) <= 1) return fail(intent, EMPTY_QUIZ_ERROR);
    const deleted = await deleteQuestion(db, quizId, String(form.get("questionId") ?? ""));
    return deleted ? { ok: true, intent, quizId, at: Date.now() } : fail(intent, "Frågan hittades inte");
  }

  if (intent === "move-question") {
    const direction = form.get("direction");
    if (direction !== "up" && direction !== "down") return fail(intent, "Ogiltig riktning");
    const moved = await moveQuestion(db, quizId, String(form.get("questionId") ?? ""), direction);
    return moved ? { ok: true, intent, quizId, at: Date.now() } : fail(intent, "Frågan kan inte flyttas");
  }

  return fail("unknown", "Okänd åtgärd");
}
