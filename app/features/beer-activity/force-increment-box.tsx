import { useState } from "react";
import { useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { ApiError, apiErrorMessage, apiFetch } from "~/lib/api-client";

export function ForceIncrementBox() {
  const [result, setResult] = useState<string | null>(null);
  const [isRunning, setIsRunning] = useState(false);
  const revalidator = useRevalidator();

  async function run() {
    setIsRunning(true);
    try {
      const body = await apiFetch("/api/admin/beer-increment", { method: "POST" });
      setResult(JSON.stringify(body, null, 2));
      await revalidator.revalidate();
    } catch (error) {
      const status = error instanceof ApiError ? error.status : 0;
      const message = apiErrorMessage(error, `Servern svarade ${status}`);
      setResult(JSON.stringify({ error: message }, null, 2));
    } finally {
      setIsRunning(false);
    }
  }

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
      <Button className="mt-3" onClick={run} disabled={isRunning}>
        {isRunning ? "Kör..." : "Kör öl-ökningen nu"}
      </Button>
      {result ? (
        <div className="mt-4">
          <label htmlFor="force-result" className="text-sm font-medium">
            Resultat
          </label>
          {/* A read-only text area: scrollable, focusable and selectable for copying, however long. */}
          <textarea
            id="force-result"
            readOnly
            rows={12}
            value={result}
            className="mt-1 block w-full resize-y rounded-lg border border-stone-300 bg-stone-100 p-3 font-mono text-xs text-stone-900 dark:border-stone-700 dark:bg-stone-950 dark:text-stone-100"
          />
        </div>
      ) : null}
    </section>
  );
}
