import { useState } from "react";
import { Button } from "~/components/ui/button";
import { ApiError, apiFetch } from "~/lib/api-client";
import { getVisitorId } from "~/lib/visitor-id";
import { lastConfirmedLabel } from "./confirmations";

type State = "idle" | "sending" | "done" | "failed";

/**
 * "Senast bekräftad {datum}", and while a night is running or was yesterday (the server decides that),
 * "Jag var där – det stämmer" for visitors who were there: once per visitor and night.
 */
export function ConfirmedLine({
  eventId,
  lastConfirmedAt: initial,
  canConfirm,
}: {
  eventId: string;
  lastConfirmedAt: string | null;
  canConfirm: boolean;
}) {
  const [lastConfirmedAt, setLastConfirmedAt] = useState(initial);
  const [state, setState] = useState<State>("idle");
  const [message, setMessage] = useState<string | null>(null);

  async function confirm() {
    setState("sending");
    try {
      const body = await apiFetch<{ status?: string; lastConfirmedAt?: string }>(
        `/api/events/${encodeURIComponent(eventId)}/confirm`,
        { json: { visitorId: getVisitorId() } },
      );
      if (body.status === "accepted" && body.lastConfirmedAt) {
        setLastConfirmedAt(body.lastConfirmedAt);
        setState("done");
      } else if (body.status === "already") {
        setState("done");
      } else {
        setMessage("Det gick inte. Försök igen.");
        setState("failed");
      }
    } catch (error) {
      setMessage(
        error instanceof ApiError && error.serverMessage
          ? error.serverMessage
          : "Det gick inte. Försök igen.",
      );
      setState("failed");
    }
  }

  if (!lastConfirmedAt && !canConfirm) return null;
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-stone-600 dark:text-stone-400">
      {lastConfirmedAt && <p data-testid="last-confirmed">{lastConfirmedLabel(lastConfirmedAt)}</p>}
      {canConfirm &&
        (state === "done" ? (
          <p role="status">Tack! Bekräftat.</p>
        ) : (
          <Button variant="secondary" onClick={confirm} disabled={state === "sending"}>
            Jag var där – det stämmer
          </Button>
        ))}
      {state === "failed" && message && <p role="alert">{message}</p>}
    </div>
  );
}
