import { Download } from "lucide-react";
import { AdminBackLinks } from "~/components/layout/admin-back-links";
import { buttonClasses } from "~/components/ui/button";
import { ScrollTable } from "~/components/ui/scroll-table";
import { requireAdmin } from "~/features/auth/guard.server";
import {
  betterThanPercent,
  formatAverage,
  playerLabels,
  QUESTION_REPORT_REASONS,
  type QuestionReportReason,
  scoreDistribution,
  shortVisitorId,
} from "~/features/play/play-rules";
import { getQuizResults } from "~/features/play/quiz-results.server";
import { ScoreChart } from "~/features/play/score-chart";
import { OPTION_LETTERS } from "~/features/quizzes/quiz-format";
import { findQuizRow } from "~/features/quizzes/quiz-queries.server";
import { appErrorPage } from "~/lib/app-error";
import { getDb } from "~/lib/db.server";
import { formatNumericDateTime } from "~/lib/time";
import type { Route } from "./+types/quizzes-results";

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  return [
    { title: loaderData ? `Resultat: ${loaderData.quiz.title} – Quizkväll` : "Resultat – Quizkväll" },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request, "redirect-access-denied");
  const db = getDb();
  const quiz = await findQuizRow(db, params.id);
  if (!quiz) throw appErrorPage("not-found");
  const results = await getQuizResults(db, quiz.id);
  const players = playerLabels(results.recent);
  return {
    quiz: { id: quiz.id, title: quiz.title, titleSlug: quiz.titleSlug },
    results: {
      ...results,
      distribution: scoreDistribution(results.countedScores, results.questions.length),
      // Where each counted play stands among the other counted plays: what its player was told at the end.
      recent: results.recent.map((p) => ({
        ...p,
        visitorId: shortVisitorId(p.visitorId),
        player: players.get(p.visitorId) ?? "",
        betterThan: p.counted
          ? betterThanPercent(
              results.countedScores.filter((score) => score < p.score).length,
              results.countedScores.length - 1,
            )
          : null,
      })),
    },
  };
}

const percent = (value: number | null) => (value === null ? "–" : `${Math.round(value * 100)} %`);

/** "2 fel svar · 1 otydlig", or "–" without reports. */
function reportSummary(reports: Record<QuestionReportReason, number>): string {
  const parts = (Object.keys(QUESTION_REPORT_REASONS) as QuestionReportReason[])
    .filter((reason) => reports[reason] > 0)
    .map((reason) => `${reports[reason]} ${QUESTION_REPORT_REASONS[reason].toLowerCase()}`);
  return parts.length ? parts.join(" · ") : "–";
}

export default function QuizResults({ loaderData }: Route.ComponentProps) {
  const { quiz, results } = loaderData;
  const total = results.questions.length;
  const votes = results.up + results.down;
  const summary: [string, string][] = [
    ["Påbörjade", String(results.started)],
    ["Avslutade", String(results.finished)],
    ["Genomförandegrad", percent(results.started ? results.finished / results.started : null)],
    ["Snittpoäng", `${formatAverage(results.average)} av ${total}`],
    ["Tumme upp", String(results.up)],
    ["Tumme ner", String(results.down)],
    ["Andel positiva", percent(votes ? results.up / votes : null)],
  ];
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-8 px-4 py-10 sm:px-6">
      <div>
        <AdminBackLinks quizList />
        <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-3xl font-bold tracking-tight">Resultat: {quiz.title}</h1>
          <a href={`/api/admin/quizzes/${quiz.id}/results.csv`} download className={buttonClasses("primary")}>
            <Download className="size-4" aria-hidden /> Exportera CSV
          </a>
        </div>
      </div>

      <section aria-labelledby="summary-heading">
        <h2 id="summary-heading" className="sr-only">
          Sammanfattning
        </h2>
        {/* As many tiles to a row as fit whole: the longest label, "Genomförandegrad", is never cut. */}
        <dl className="grid grid-cols-[repeat(auto-fill,minmax(10rem,1fr))] gap-3">
          {summary.map(([label, value]) => (
            <div
              key={label}
              className="rounded-xl border border-stone-200 bg-white p-3 dark:border-stone-800 dark:bg-stone-900"
            >
              <dt className="text-xs text-stone-600 dark:text-stone-400">{label}</dt>
              <dd className="mt-1 text-lg font-semibold tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section
        aria-labelledby="chart-heading"
        className="rounded-2xl border border-stone-200 bg-white p-5 dark:border-stone-800 dark:bg-stone-900"
      >
        <h2 id="chart-heading" className="mb-4 text-lg font-semibold">
          Poängfördelning
        </h2>
        <ScoreChart buckets={results.distribution} />
      </section>

      <section aria-labelledby="questions-heading">
        <h2 id="questions-heading" className="mb-3 text-lg font-semibold">
          Per fråga
        </h2>
        <p className="mb-3 text-sm text-stone-600 dark:text-stone-400">
          Andelarna räknas på varje besökares första avslutade spelomgång, samma underlag som spelarna ser.
          Rapporter är spelarnas &rdquo;Rapportera frågan&rdquo;.
        </p>
        <ScrollTable
          label="Resultat per fråga"
          className="rounded-2xl border border-stone-200 dark:border-stone-800"
        >
          <table className="w-full min-w-[44rem] text-left text-sm">
            <thead className="bg-stone-100 dark:bg-stone-800">
              <tr>
                <th scope="col" className="px-3 py-2">
                  #
                </th>
                <th scope="col" className="px-3 py-2">
                  Fråga
                </th>
                <th scope="col" className="px-3 py-2">
                  Andel rätt
                </th>
                <th scope="col" className="px-3 py-2">
                  Svar per alternativ
                </th>
                <th scope="col" className="px-3 py-2">
                  Rapporter
                </th>
              </tr>
            </thead>
            <tbody>
              {results.questions.map((q, i) => (
                <tr key={q.id} className="border-t border-stone-200 align-top dark:border-stone-800">
                  <td className="px-3 py-2 tabular-nums">{i + 1}</td>
                  <td className="px-3 py-2">{q.questionText}</td>
                  <td className="px-3 py-2 tabular-nums">{percent(q.correctRate)}</td>
                  <td className="px-3 py-2">
                    <ul className="flex flex-col gap-0.5">
                      {q.options.map((o, j) => (
                        <li
                          key={o.id}
                          className={
                            o.isCorrect ? "font-semibold text-emerald-800 dark:text-emerald-300" : undefined
                          }
                        >
                          {OPTION_LETTERS[j]}: {o.optionText} – {o.share} %{o.isCorrect ? " (rätt)" : ""}
                        </li>
                      ))}
                    </ul>
                  </td>
                  <td className="px-3 py-2">{reportSummary(q.reports)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollTable>
      </section>

      <section aria-labelledby="recent-heading">
        <h2 id="recent-heading" className="mb-3 text-lg font-semibold">
          Senaste spelomgångar
        </h2>
        {results.recent.length === 0 ? (
          <p className="text-stone-600 dark:text-stone-400">Ingen har spelat quizet än.</p>
        ) : (
          <ScrollTable
            label="Spelomgångar"
            className="rounded-2xl border border-stone-200 dark:border-stone-800"
          >
            <table className="w-full text-left text-sm">
              <thead className="bg-stone-100 dark:bg-stone-800">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    Tid
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Spelare
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Poäng
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Räknas
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Bättre än
                  </th>
                </tr>
              </thead>
              <tbody>
                {results.recent.map((p) => (
                  <tr key={p.id} className="border-t border-stone-200 dark:border-stone-800">
                    <td className="px-3 py-2 tabular-nums">{formatNumericDateTime(p.finishedAt)}</td>
                    <td className="px-3 py-2 whitespace-nowrap">
                      <span title={`Besökar-id ${p.visitorId}`}>{p.player}</span>
                    </td>
                    <td className="px-3 py-2 tabular-nums">
                      {p.score} av {p.total}
                    </td>
                    <td className="px-3 py-2">{p.counted ? "Ja" : "Nej (omspelning)"}</td>
                    <td className="px-3 py-2 tabular-nums">
                      {p.betterThan === null ? "–" : `${p.betterThan} %`}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollTable>
        )}
      </section>
    </div>
  );
}
