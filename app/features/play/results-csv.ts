import { csvTime, writeCsv } from "~/lib/csv";
import { stockholmDate } from "~/lib/time";

/** The admin's results export: one row per finished play. */

export type CsvPlay = {
  playId: string;
  visitorId: string;
  startedAt: Date;
  finishedAt: Date;
  score: number;
  total: number;
  /** Whether the play counts in the quiz's statistics. */
  counted: boolean;
  /** Correctness per question in question order: true, false, or null when the play has no answer for it. */
  correctness: (boolean | null)[];
};

/** Swedish column headers; the question columns follow as "Fråga 1", "Fråga 2", … */
const RESULTS_HEADER = [
  "Spel-ID",
  "Besökar-ID",
  "Startad",
  "Avslutad",
  "Poäng",
  "Antal frågor",
  "Räknas i statistiken",
] as const;

/**
 * One row per finished play: whether it counts (a visitor's first finished play of the quiz does), and per
 * question 1 (right), 0 (wrong) or empty (not answered).
 */
export function buildResultsCsv(questionCount: number, plays: CsvPlay[]): string {
  const header = [...RESULTS_HEADER, ...Array.from({ length: questionCount }, (_, i) => `Fråga ${i + 1}`)];
  return writeCsv(
    header,
    plays.map((play) => [
      play.playId,
      play.visitorId,
      csvTime(play.startedAt),
      csvTime(play.finishedAt),
      play.score,
      play.total,
      play.counted ? "Ja" : "Nej",
      ...Array.from({ length: questionCount }, (_, i) => {
        const value = play.correctness[i];
        return value === true ? 1 : value === false ? 0 : null;
      }),
    ]),
  );
}

/** quiz-{titleSlug}-resultat-{YYYY-MM-DD}.csv, the date in Europe/Stockholm. */
export function resultsCsvFileName(titleSlug: string, now: Date): string {
  return `quiz-${titleSlug}-resultat-${stockholmDate(now)}.csv`;
}
