/** Admin previews are stored under this prefix so they never count. */
export const PREVIEW_VISITOR_PREFIX = "preview:";

/** Stands in for a dropped browser id; no browser may send it. */
export const UNLINKED_VISITOR_PREFIX = "anonym:";

const VISITOR_ID_MAX_LENGTH = 200;

/** Largest remainder, so the shares always add up to 100. */
export function percentShares(counts: number[]): number[] {
  const total = counts.reduce((a, b) => a + b, 0);
  if (total === 0) return counts.map(() => 0);
  const exact = counts.map((c) => (c * 100) / total);
  const floors = exact.map(Math.floor);
  let missing = 100 - floors.reduce((a, b) => a + b, 0);
  const order = exact
    .map((value, index) => ({ index, rest: value - Math.floor(value) }))
    .sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (const { index } of order) {
    if (missing <= 0) break;
    floors[index]! += 1;
    missing -= 1;
  }
  return floors;
}

/** Rounded down so it never overstates; null with no other player to compare with. */
export function betterThanPercent(below: number, others: number): number | null {
  if (others <= 0) return null;
  return Math.floor((Math.min(below, others) * 100) / others);
}

/** Uses percentShares so the correct share matches the percentages shown on the options. */
export function questionStats(
  options: { id: string; questionId: string; isCorrect: boolean }[],
  tallies: { optionId: string; n: number }[],
): { questionId: string; correctPercent: number | null; players: number }[] {
  const tally = new Map(tallies.map((t) => [t.optionId, Number(t.n)]));
  const byQuestion = new Map<string, { id: string; isCorrect: boolean }[]>();
  for (const option of options)
    byQuestion.set(option.questionId, [...(byQuestion.get(option.questionId) ?? []), option]);
  return [...byQuestion].map(([questionId, own]) => {
    const counts = own.map((o) => tally.get(o.id) ?? 0);
    const players = counts.reduce((a, b) => a + b, 0);
    const percents = percentShares(counts);
    const correct = own.findIndex((o) => o.isCorrect);
    return { questionId, players, correctPercent: players && correct >= 0 ? (percents[correct] ?? 0) : null };
  });
}

export function betterThanText(betterThan: number | null): string {
  return betterThan === null
    ? "Du är först att spela det här quizet"
    : `Bättre än ${betterThan} % av spelarna`;
}

export function correctShareText(percent: number | null, players: number): string {
  if (percent === null || players === 0) return "Du är först att svara på den här frågan";
  return `${percent} % av ${players} spelare svarade rätt`;
}

export function scoreDistribution(scores: number[], questionCount: number): number[] {
  const buckets = Array.from({ length: questionCount + 1 }, () => 0);
  for (const score of scores) {
    if (score >= 0 && score <= questionCount) buckets[score]! += 1;
  }
  return buckets;
}

export function formatAverage(average: number | null): string {
  if (average === null) return "–";
  return new Intl.NumberFormat("sv-SE", { maximumFractionDigits: 1 }).format(average);
}

export function shortVisitorId(visitorId: string): string {
  const id = visitorId.startsWith(PREVIEW_VISITOR_PREFIX)
    ? visitorId.slice(PREVIEW_VISITOR_PREFIX.length)
    : visitorId;
  if (id.startsWith(UNLINKED_VISITOR_PREFIX)) return "anonym";
  return id.length <= 8 ? id : `${id.slice(0, 8)}…`;
}

/** Numbered by first finish, so one visitor's replays share a label. */
export function playerLabels(
  plays: readonly { visitorId: string; finishedAt: string }[],
): Map<string, string> {
  const labels = new Map<string, string>();
  const oldestFirst = [...plays].sort((a, b) => a.finishedAt.localeCompare(b.finishedAt));
  for (const p of oldestFirst)
    if (!labels.has(p.visitorId)) labels.set(p.visitorId, `Spelare ${labels.size + 1}`);
  return labels;
}

export function isValidVisitorId(value: unknown): value is string {
  return (
    typeof value === "string" &&
    value.length > 0 &&
    value.length <= VISITOR_ID_MAX_LENGTH &&
    !value.startsWith(PREVIEW_VISITOR_PREFIX) &&
    !value.startsWith(UNLINKED_VISITOR_PREFIX) &&
    /^[\w.:-]+$/.test(value)
  );
}

export type ResumePoint = { index: number; phase: "question" | "feedback" | "finished" };

/** An answer not yet moved on from ("Nästa fråga") comes back with its feedback rather than being skipped. */
export function resumePoint(
  questionIds: readonly string[],
  answeredIds: ReadonlySet<string>,
  advancedTo: number | null,
  isFinished: boolean,
): ResumePoint {
  const total = questionIds.length;
  const firstOpen = questionIds.findIndex((id) => !answeredIds.has(id));
  const answeredCount = firstOpen === -1 ? total : firstOpen;
  const movedOnTo = advancedTo ?? 0;
  if (firstOpen === -1 && isFinished && movedOnTo >= total)
    return { index: Math.max(0, total - 1), phase: "finished" };
  if (answeredCount > 0 && movedOnTo < answeredCount) return { index: answeredCount - 1, phase: "feedback" };
  return {
    index: firstOpen === -1 ? Math.max(0, total - 1) : firstOpen,
    phase: firstOpen === -1 ? "feedback" : "question",
  };
}
/** Per address and quiz, so rotating visitor ids cannot stuff the average; plays beyond it go uncounted. */
export const COUNTED_PLAYS_PER_ADDRESS = { limit: 20, windowMs: 7 * 24 * 60 * 60_000 };

export const QUESTION_REPORT_REASONS = {
  wrong_answer: "Fel svar",
  unclear: "Otydlig",
  outdated: "Inaktuell",
} as const;

export type QuestionReportReason = keyof typeof QUESTION_REPORT_REASONS;
