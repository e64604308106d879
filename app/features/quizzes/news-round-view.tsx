import { Download, Printer } from "lucide-react";
import { useEffect, useState } from "react";
import { Button, buttonClasses } from "~/components/ui/button";
import { type NewsRound, newsRoundPath } from "./news-round";

/** The printable round: questions with options and sources, then the answers on a page of their own. */
export function NewsRoundView({ round }: { round: NewsRound }) {
  // Printing needs the page's script; the PDF does not.
  const [canPrint, setCanPrint] = useState(false);
  useEffect(() => setCanPrint(true), []);
  return (
    <article className="print:text-black print:**:text-black">
      <h1 className="text-3xl font-bold tracking-tight">Veckans nyhetsrunda</h1>
      <p className="mt-1 text-stone-700 dark:text-stone-300">
        {round.title} · {round.dates}
      </p>
      <p className="mt-3 text-sm text-stone-700 print:hidden dark:text-stone-300">
        Frågorna att läsa upp på ert quiz, med källor. Svaren står på sista sidan.
      </p>
      <div className="mt-4 flex flex-wrap gap-2 print:hidden">
        {canPrint ? (
          <Button variant="secondary" onClick={() => window.print()}>
            <Printer className="size-4" aria-hidden /> Skriv ut
          </Button>
        ) : null}
        <a href={newsRoundPath(round.titleSlug, true)} download className={buttonClasses("primary")}>
          <Download className="size-4" aria-hidden /> Ladda ner PDF
        </a>
      </div>

      <ol className="mt-8 flex flex-col gap-6">
        {round.questions.map((q) => (
          <li key={q.number} className="break-inside-avoid">
            <p className="font-semibold">
              {q.number}. {q.text}
            </p>
            <ul className="mt-1 ml-5">
              {q.options.map((o) => (
                <li key={o.letter}>
                  {o.letter} {o.text}
                </li>
              ))}
            </ul>
            {q.source ? (
              <p className="mt-1 ml-5 text-sm text-stone-700 dark:text-stone-300">
                Källa:{" "}
                <a href={q.source.url} className="underline underline-offset-2" rel="noreferrer noopener">
                  {q.source.label}
                </a>
              </p>
            ) : null}
          </li>
        ))}
      </ol>

      <section aria-labelledby="news-round-answers" className="mt-12 break-before-page">
        <h2 id="news-round-answers" className="text-2xl font-bold">
          Svar
        </h2>
        <ol className="mt-4 flex flex-col gap-1">
          {round.questions.map((q) => (
            <li key={q.number}>
              {q.number}. {q.answer}
            </li>
          ))}
        </ol>
      </section>
    </article>
  );
}
