import { useState } from "react";
import { useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";

/** The admin's test box: runs the beer increment at once and shows the JSON it answers. */
export function ForceIncrementBox() {
  const [result, setResult] = useState<string | null>(null);
  const [isRunning, setIsRunning] = useState(false);
  const revalidator = useRevalidator();

  async function run() {
    setIsRunning(true);
    try {
      const response = await fetch("/api/admin/beer-increment", {
        method: "POST",
        credentials: "same-origin",
      });
      const body = await response.json().catch(() => ({ error: `Servern svarade ${response.status}` }));
      setResult(JSON.stringify(body, null, 2));
      if (response.ok) await revalidator.revalidate();
    } catch {
      setResult(JSON.stringify({ error: "Kunde inte nå servern" }, null, 2));
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
        // The whole result is shown, wrapped, so it never becomes a scroll box keyboard users cannot reach.
        <section aria-label="Resultat" className="mt-4">
          <pre className="rounded-lg bg-stone-100 p-3 text-xs break-words whitespace-pre-wrap dark:bg-stone-950">
            {result}
          </pre>
        </section>
      ) : null}
    </section>
  );
}
