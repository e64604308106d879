import { csvTime, writeCsv } from "~/lib/csv";
import { stockholmDate } from "~/lib/time";

export type CsvPlay = {
  playId: string;
  visitorId: string;
  startedAt: Date;
  finishedAt: Date;
  score: number;
  total: number;
  counted: boolean;
  /** Null when the play has no answer for the question. */
  correctness: (boolean | null)[];
};

const RESULTS_HEADER = [
  "Spel-ID",
  "Besökar-ID",
  "Startad",
  "Avslutad",
  "Poäng",
  "Antal frågor",
  "Räknas i statistiken",
] as const;

/** Per question 1 (right), 0 (wrong) or empty (not answered). */
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

/** The date in Europe/Stockholm. */
export function resultsCsvFileName(titleSlug: string, now: Date): string {
  return `quiz-${titleSlug}-resultat-${stockholmDate(now)}.csv`;
}
