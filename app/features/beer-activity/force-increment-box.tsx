import { useActionData, useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import type { FormFailure } from "~/lib/form-errors";
import { SHOWN_INCREMENT_EVENTS, type ShownBeerIncrement } from "./beer-activity";

type IncrementAnswer = { ok: true; result: ShownBeerIncrement } | FormFailure;

const shown = (answer: IncrementAnswer) =>
  JSON.stringify(answer.ok ? answer.result : { error: answer.formError }, null, 2);

/** "Kör öl-ökningen nu", posted to the page's action; the page's figures reload with the answer. */
export function ForceIncrementBox() {
  const fetcher = useFetcher<IncrementAnswer>();
  // Posted without JavaScript, the page itself carries the answer.
  const pageAnswer = useActionData<IncrementAnswer>();
  const answer = fetcher.data ?? pageAnswer;
  const isRunning = fetcher.state !== "idle";

  return (
    <section
      aria-labelledby="force-heading"
      className="rounded-xl border border-stone-200 bg-white p-4 sm:p-6 dark:border-stone-800 dark:bg-stone-900"
    >
      <h2 id="force-heading" className="text-lg font-semibold">
        Testa öl-ökningen
      </h2>
      <p className="mt-1 text-sm text-stone-700 dark:text-stone-300">
        Funktionen lägger till 0 till 8 öl per event. Den körs automatiskt varje dag; här kan du köra den
        direkt.
      </p>
      <fetcher.Form method="post">
        <Button className="mt-3" type="submit" name="intent" value="increment" disabled={isRunning}>
          {isRunning ? "Kör..." : "Kör öl-ökningen nu"}
        </Button>
      </fetcher.Form>
      {answer ? (
        <div className="mt-4">
          <label htmlFor="force-result" className="text-sm font-medium">
            Resultat
          </label>
          {/* A read-only text area: scrollable, focusable and selectable for copying, however long. */}
          <textarea
            id="force-result"
            readOnly
            rows={12}
            value={shown(answer)}
            className="mt-1 block w-full resize-y rounded-lg border border-stone-300 bg-stone-100 p-3 font-mono text-xs text-stone-900 dark:border-stone-700 dark:bg-stone-950 dark:text-stone-100"
          />
          {answer.ok && answer.result.eventsNotShown ? (
            <p className="mt-1 text-sm text-stone-700 dark:text-stone-300">
              Visar de första {SHOWN_INCREMENT_EVENTS} av {answer.result.updated} event.
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
