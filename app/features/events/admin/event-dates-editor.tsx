import { CalendarX2, Plus, Undo2 } from "lucide-react";
import { useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/field";
import { toast } from "~/components/ui/toast";
import { firstErrorOf } from "~/lib/form-errors";
import { formatShortWeekdayDate } from "~/lib/time";
import { useActionResult } from "~/lib/use-action-result";
import type { EventView } from "../event-view";
import type { EventActionResult } from "./event-actions.server";
import { NOTE_MAX } from "./event-exception-rules";
import { eventFormAction } from "./use-delete-event";

// Noon UTC is on the same civil date in Stockholm, whatever the season.
const formatDate = (date: string) => formatShortWeekdayDate(new Date(`${date}T12:00:00Z`));

/**
 * The coming nights of an event, each of which an admin can mark 'Inställt' (with an optional note) or bring
 * back, and one-off extra nights. Each change is saved at once, apart from the form's own fields.
 */
export function EventDatesEditor({ event: given, action }: { event: EventView; action?: string }) {
  const id = useId();
  const fetcher = useFetcher<EventActionResult>();
  const [note, setNote] = useState("");
  const [extraDate, setExtraDate] = useState("");
  const [extraTime, setExtraTime] = useState(given.time);
  const busy = fetcher.state !== "idle";
  // The nights as the last change left them; the pages are reloaded by the router after each change.
  const answer = fetcher.data;
  const event = answer?.ok && answer.event ? answer.event : given;
  // What the request under way is for: its success message and the input it empties.
  const sent = useRef<{ done: string; clear?: "note" | "extraDate" } | null>(null);

  useActionResult(answer, (done) => {
    if (!done.ok) {
      toast.error("Fel", { description: firstErrorOf(done) ?? "Ett oväntat fel inträffade" });
      return;
    }
    if (!sent.current) return;
    toast.success(sent.current.done);
    if (sent.current.clear === "note") setNote("");
    if (sent.current.clear === "extraDate") setExtraDate("");
  });

  function send(
    intent: "save-exception" | "remove-exception",
    fields: Record<string, string>,
    done: string,
    clear?: "note" | "extraDate",
  ) {
    sent.current = { done, clear };
    void fetcher.submit({ intent, ...fields }, { method: "post", action: action ?? eventFormAction(given) });
  }

  const extras = event.exceptions.filter(
    (e) => e.kind === "extra" && e.date >= (event.nights[0]?.date ?? ""),
  );
  return (
    <fieldset className="min-w-0 rounded-xl border border-stone-200 p-3 sm:p-4 dark:border-stone-800">
      <legend className="px-1 text-sm font-medium text-stone-800 dark:text-stone-200">
        Kommande kvällar
      </legend>
      <label htmlFor={`${id}-note`} className="text-xs text-stone-700 dark:text-stone-300">
        Anteckning vid inställt (valfri)
      </label>
      <Input
        id={`${id}-note`}
        className="mt-1"
        value={note}
        maxLength={NOTE_MAX}
        onChange={(e) => setNote(e.target.value)}
        placeholder="t.ex. Stängt för privat fest"
      />
      <ul className="mt-3 divide-y divide-stone-200 dark:divide-stone-800">
        {event.nights.map((night) => (
          <li
            key={`${night.date} ${night.time}`}
            className="flex flex-wrap items-center justify-between gap-2 py-2"
          >
            <span className="text-sm">
              <span className={night.cancelled ? "line-through" : ""}>
                {formatDate(night.date)} {night.time}
              </span>
              {night.cancelled && (
                <span className="ml-2 rounded bg-red-100 px-1.5 text-xs font-semibold text-red-800 dark:bg-red-950 dark:text-red-200">
                  Inställt
                </span>
              )}
              {night.note && <span className="ml-2 text-stone-600 dark:text-stone-400">{night.note}</span>}
            </span>
            {night.cancelled ? (
              <Button
                variant="ghost"
                className="min-h-9 px-3"
                disabled={busy}
                aria-label={`Ångra inställt ${formatDate(night.date)}`}
                onClick={() =>
                  send("remove-exception", { kind: "cancelled", date: night.date }, "Kvällen är tillbaka")
                }
              >
                <Undo2 aria-hidden className="size-4" /> Ångra
              </Button>
            ) : (
              <Button
                variant="secondary"
                className="min-h-9 px-3"
                disabled={busy}
                aria-label={`Markera ${formatDate(night.date)} som inställt`}
                onClick={() =>
                  send(
                    "save-exception",
                    { kind: "cancelled", date: night.date, note },
                    "Markerad som inställd",
                    "note",
                  )
                }
              >
                <CalendarX2 aria-hidden className="size-4" /> Inställt
              </Button>
            )}
          </li>
        ))}
      </ul>
      {extras.length > 0 && (
        <ul className="mt-2 space-y-1 text-sm">
          {extras.map((e) => (
            <li key={e.date} className="flex items-center justify-between gap-2">
              <span>
                Extra: {formatDate(e.date)} {e.time}
              </span>
              <Button
                variant="ghost"
                className="min-h-9 px-3"
                disabled={busy}
                onClick={() =>
                  send("remove-exception", { kind: "extra", date: e.date }, "Extradatumet är borttaget")
                }
              >
                Ta bort<span className="sr-only"> extra datum {formatDate(e.date)}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-3 grid grid-cols-[minmax(0,1fr)_auto] gap-2 sm:grid-cols-[1fr_8rem_auto] sm:items-end">
        <div className="col-span-2 sm:col-span-1">
          <label htmlFor={`${id}-extra-date`} className="text-xs text-stone-700 dark:text-stone-300">
            Extra datum
          </label>
          <Input
            id={`${id}-extra-date`}
            type="date"
            className="mt-1"
            value={extraDate}
            onChange={(e) => setExtraDate(e.target.value)}
          />
        </div>
        <div>
          <label htmlFor={`${id}-extra-time`} className="text-xs text-stone-700 dark:text-stone-300">
            Tid
          </label>
          <Input
            id={`${id}-extra-time`}
            type="time"
            className="mt-1"
            value={extraTime}
            onChange={(e) => setExtraTime(e.target.value)}
          />
        </div>
        <Button
          variant="secondary"
          className="whitespace-nowrap"
          disabled={busy || !extraDate}
          onClick={() =>
            send(
              "save-exception",
              { kind: "extra", date: extraDate, time: extraTime },
              "Extradatum tillagt",
              "extraDate",
            )
          }
        >
          <Plus aria-hidden className="size-4" /> Lägg till datum
        </Button>
      </div>
    </fieldset>
  );
}
