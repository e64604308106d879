import { Check, Copy } from "lucide-react";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { Field, Textarea } from "~/components/ui/field";
import { useHydrated } from "~/lib/use-hydrated";

/** The host's copy of their event's widget: the code to paste, a preview, and (with script) a copy button. */
export function WidgetSnippet({ snippet, preview }: { snippet: string; preview: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  return (
    <section
      aria-labelledby="widget-heading"
      className="rounded-xl border border-stone-200 p-4 dark:border-stone-700"
    >
      <h2 id="widget-heading" className="text-lg font-semibold">
        Widget för er webbplats
      </h2>
      <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">
        Visa era nästa quizkvällar på er egen webbplats, alltid med rätt datum och inställda kvällar.
      </p>
      <div className="mt-3 flex flex-col gap-2">
        <Field label="Kod att klistra in" hint="Klistra in koden där widgeten ska synas på er sida.">
          <Textarea
            readOnly
            rows={4}
            value={snippet}
            className="font-mono text-xs"
            onFocus={(e) => e.currentTarget.select()}
          />
        </Field>
        <div className="flex flex-wrap items-center gap-3">
          {hydrated && (
            <Button
              variant="secondary"
              onClick={async () => {
                await navigator.clipboard?.writeText(snippet).catch(() => {});
                setCopied(true);
              }}
            >
              {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
              {copied ? "Kopierad!" : "Kopiera koden"}
            </Button>
          )}
          <a
            href={preview}
            target="_blank"
            rel="noopener"
            className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-300"
          >
            Förhandsvisa widgeten
          </a>
        </div>
      </div>
    </section>
  );
}
