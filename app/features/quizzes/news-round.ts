/** "Veckans nyhetsrunda": a week's NutidsQuiz as a host reads it aloud at a pub quiz, answers included. */
type NewsRoundQuestion = {
  number: number;
  text: string;
  options: { letter: string; text: string }[];
  /** "B Göteborg" */
  answer: string;
  source: { url: string; label: string } | null;
};

/** `dates`: "30 november–6 december 2026" */
export type NewsRound = { title: string; titleSlug: string; dates: string; questions: NewsRoundQuestion[] };

export function newsRoundPath(titleSlug: string, pdf = false): string {
  return `/veckans-nutidsquiz/${titleSlug}/runda${pdf ? ".pdf" : ""}`;
}
