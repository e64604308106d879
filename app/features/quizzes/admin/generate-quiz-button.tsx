import { Sparkles } from "lucide-react";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/toast";
import { ApiError, apiErrorMessage, apiFetch } from "~/lib/api-client";

/** The spec's reload delay after a daily quiz has been generated (§4). */
export const RELOAD_AFTER_GENERATION_MS = 1500;

/** Triggers "generate daily quiz" and reloads the list once the new quiz exists. */
export function GenerateQuizButton() {
  const [busy, setBusy] = useState(false);

  async function generate() {
    setBusy(true);
    let body: { title?: string; quizId?: string; reused?: boolean };
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
      // Today's draft already exists: open it for review instead of making a second one.
      toast.success(`Dagens quiz finns redan som utkast: ${body.title}`);
      window.location.assign(`/admin/quizzes/${body.quizId}/edit`);
      return;
    }
    toast.success(`Dagens quiz har skapats: ${body.title}`);
    window.setTimeout(() => window.location.reload(), RELOAD_AFTER_GENERATION_MS);
  }

  return (
    <Button variant="secondary" onClick={generate} disabled={busy}>
      <Sparkles className="size-4" aria-hidden />
      {busy ? "Genererar…" : "Generera dagens quiz"}
    </Button>
  );
}
