import { Sparkles } from "lucide-react";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/toast";
import { ApiError, apiErrorMessage, apiFetch } from "~/lib/api-client";

/** The reload delay after a quiz has been generated; the toast says what was made meanwhile. */
const RELOAD_AFTER_GENERATION_MS = 1500;

/** Makes the coming week's NutidsQuiz now, or opens the one the week already has. */
export function GenerateQuizButton() {
  const [busy, setBusy] = useState(false);

  async function generate() {
    setBusy(true);
    let body: { title?: string; quizId?: string; reused?: boolean; isActive?: boolean };
    try {
      body = await apiFetch("/api/admin/quizzes/generate", { method: "POST" });
    } catch (error) {
      toast.error(
        error instanceof ApiError && error.status === 0
          ? "Failed to trigger quiz generation"
          : `Error generating quiz: ${apiErrorMessage(error, "Något gick fel")}`,
      );
      setBusy(false);
      return;
    }
    if (!body.quizId) {
      toast.error("Error generating quiz: Något gick fel");
      setBusy(false);
      return;
    }
    if (body.reused) {
      toast.success(`${body.title} finns redan${body.isActive ? "" : " som utkast"} och öppnas`);
      const editor = `/admin/quizzes/${body.quizId}/edit`;
      window.setTimeout(() => window.location.assign(editor), RELOAD_AFTER_GENERATION_MS);
      return;
    }
    toast.success(`${body.title} har skapats`);
    window.setTimeout(() => window.location.reload(), RELOAD_AFTER_GENERATION_MS);
  }

  return (
    <Button variant="secondary" onClick={generate} disabled={busy}>
      <Sparkles className="size-4" aria-hidden />
      {busy ? "Genererar…" : "Generera veckans NutidsQuiz"}
    </Button>
  );
}
