/** The results export (supplement "Admin results page"): one row per finished play. */

export type CsvPlay = {
  playId: string;
  visitorId: string;
  startedAt: Date;
  finishedAt: Date;
  score: number;
  total: number;
  /** Correctness per question in question order: true, false, or null when the play has no answer for it. */
  correctness: (boolean | null)[];
};

function escapeCell(value: string): string {
  // Cells that a spreadsheet would run as a formula are defused with a leading apostrophe.
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function buildResultsCsv(questionCount: number, plays: CsvPlay[]): string {
  const header = [
    "play_id",
    "visitor_id",
    "started",
    "finished",
    "score",
    "total",
    ...Array.from({ length: questionCount }, (_, i) => `fraga_${i + 1}`),
  ];
  const lines = [header.join(",")];
  for (const play of plays) {
    const cells = [
      play.playId,
      play.visitorId,
      play.startedAt.toISOString(),
      play.finishedAt.toISOString(),
      String(play.score),
      String(play.total),
      ...Array.from({ length: questionCount }, (_, i) => {
        const value = play.correctness[i];
        return value === true ? "1" : value === false ? "0" : "";
      }),
    ];
    lines.push(cells.map(escapeCell).join(","));
  }
  return `${lines.join("\r\n")}\r\n`;
}

/** quiz-{titleSlug}-resultat-{YYYY-MM-DD}.csv, the date in Europe/Stockholm. */
export function resultsCsvFileName(titleSlug: string, now: Date): string {
  const date = new Intl.DateTimeFormat("sv-SE", {
    timeZone: "Europe/Stockholm",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
  return `quiz-${titleSlug}-resultat-${date}.csv`;
}
