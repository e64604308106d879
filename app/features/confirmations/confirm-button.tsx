import { useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { ApiError, apiFetch } from "~/lib/api-client";
import { getVisitorId } from "~/lib/visitor-id";
import { lastConfirmedLabel } from "./confirmations";
import { unconfirmedSinceLabel } from "./freshness";

type State = "idle" | "sending" | "done" | "failed";

const FAILED = "Det gick inte. Försök igen.";

function failureMessage(error: unknown): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : FAILED;
}

/**
 * "Senast bekräftad {datum}" (or, when nobody has confirmed the listing for 120 days, "Ej bekräftad sedan
 * {datum}"), and while a night is running or was yesterday (the server decides that), "Jag var där – det
 * stämmer" for visitors who were there and "Det blev inget" for those who found no quiz: once per visitor
 * and night each.
 */
export function ConfirmedLine({
  eventId,
  lastConfirmedAt: initial,
  unconfirmedSince,
  confirmNight,
}: {
  eventId: string;
  lastConfirmedAt: string | null;
  /** Set when the listing has gone unconfirmed long enough for visitors to be told. */
  unconfirmedSince?: string | null;
  /** The night visitors may confirm or report ("Ikväll, tisdag 24 november 19:00"), while there is one. */
  confirmNight: string | null;
}) {
  const nightId = useId();
  const canConfirm = confirmNight !== null;
  const [lastConfirmedAt, setLastConfirmedAt] = useState(initial);
  const [state, setState] = useState<State>("idle");
  const [notHeld, setNotHeld] = useState<State>("idle");
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
        setMessage(FAILED);
        setState("failed");
      }
    } catch (error) {
      setMessage(failureMessage(error));
      setState("failed");
    }
  }

  async function reportNotHeld() {
    setNotHeld("sending");
    try {
      const body = await apiFetch<{ status?: string }>(
        `/api/events/${encodeURIComponent(eventId)}/not-held`,
        { json: { visitorId: getVisitorId() } },
      );
      if (body.status === "accepted" || body.status === "already") {
        setNotHeld("done");
      } else {
        setMessage(FAILED);
        setNotHeld("failed");
      }
    } catch (error) {
      setMessage(failureMessage(error));
      setNotHeld("failed");
    }
  }

  const stillUnconfirmed = unconfirmedSince && lastConfirmedAt === initial;
  if (!lastConfirmedAt && !canConfirm && !stillUnconfirmed) return null;
  const answered = state === "done" || notHeld === "done";
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-stone-600 dark:text-stone-400">
      {stillUnconfirmed ? (
        <p data-testid="unconfirmed-since" className="font-medium text-amber-800 dark:text-amber-300">
          {unconfirmedSinceLabel(unconfirmedSince)}
        </p>
      ) : (
        lastConfirmedAt && <p data-testid="last-confirmed">{lastConfirmedLabel(lastConfirmedAt)}</p>
      )}
      {canConfirm &&
        (answered ? (
          <p role="status">{state === "done" ? "Tack! Bekräftat." : "Tack! Vi kollar upp det."}</p>
        ) : (
          <>
            <p id={nightId} className="font-medium text-stone-800 dark:text-stone-200">
              {confirmNight}:
            </p>
            <Button
              variant="secondary"
              aria-describedby={nightId}
              onClick={confirm}
              disabled={state === "sending" || notHeld === "sending"}
            >
              Jag var där – det stämmer
            </Button>
            <Button
              variant="ghost"
              aria-describedby={nightId}
              onClick={reportNotHeld}
              disabled={state === "sending" || notHeld === "sending"}
            >
              Det blev inget
            </Button>
          </>
        ))}
      {(state === "failed" || notHeld === "failed") && message && <p role="alert">{message}</p>}
    </div>
  );
}
