import { Sparkles } from "lucide-react";
import { Link, useActionData, useFetcher, useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/toast";
import type { FormFailure } from "~/lib/form-errors";
import { useActionResult } from "~/lib/use-action-result";
import { ADMIN_QUIZ_LIST_PATH } from "./paths";

/** The quiz list's answer to "generate": the week's quiz, new or already there (`reused`). */
export type GenerateAnswer =
  | { ok: true; intent: "generate"; title: string; quizId: string; reused: boolean; isActive: boolean }
  | (FormFailure & { intent: "generate"; unreached?: true });

const editorOf = (quizId: string) => `/admin/quizzes/${quizId}/edit`;

/** With JavaScript a quiz the week already has opens at once; the page without it links to it. */
function answerText(answer: GenerateAnswer, { opens }: { opens: boolean }): string {
  if (!answer.ok && answer.unreached) return "Failed to trigger quiz generation";
  if (!answer.ok) return `Error generating quiz: ${answer.formError ?? "Något gick fel"}`;
  if (!answer.reused) return `${answer.title} har skapats`;
  return `${answer.title} finns redan${answer.isActive ? "" : " som utkast"}${opens ? " och öppnas" : ""}`;
}

/**
 * Makes the coming week's NutidsQuiz now, or opens the one the week already has. Posted to the quiz list's
 * action, whose data the router then reloads; one fetcher key, so the list's loading page shares its state.
 */
export function GenerateQuizButton() {
  const fetcher = useFetcher<GenerateAnswer>({ key: "generate-quiz" });
  const navigate = useNavigate();
  const pageAnswer = useActionData<GenerateAnswer | { intent?: undefined }>();
  const isBusy = fetcher.state !== "idle";

  useActionResult(fetcher.data, (answer) => {
    if (!answer.ok) return void toast.error(answerText(answer, { opens: true }));
    toast.success(answerText(answer, { opens: true }));
    if (answer.reused) navigate(editorOf(answer.quizId));
  });

  return (
    <fetcher.Form method="post" action={ADMIN_QUIZ_LIST_PATH} className="contents">
      <Button variant="secondary" type="submit" name="intent" value="generate" disabled={isBusy}>
        <Sparkles className="size-4" aria-hidden />
        {isBusy ? "Genererar…" : "Generera veckans NutidsQuiz"}
      </Button>
      {/* Posted without JavaScript, the page itself says what was made. */}
      {pageAnswer?.intent === "generate" ? (
        <p role="status" className="w-full text-sm">
          {answerText(pageAnswer, { opens: false })}{" "}
          {pageAnswer.ok ? (
            <Link to={editorOf(pageAnswer.quizId)} className="font-medium underline">
              Öppna
            </Link>
          ) : null}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
