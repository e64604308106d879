import { z } from "zod";
import { PLAY_VISITOR_ID } from "~/features/play/public";
import { lineText } from "~/lib/text-input";
import { compareIsoWeeks, type IsoWeek } from "~/lib/time";

export const LEAGUE_MAX_MEMBERS = 50;
/** The season table: the best SEASON_BEST weekly scores of the last SEASON_WEEKS weeks. */
export const SEASON_WEEKS = 12;
const SEASON_BEST = 10;

const leagueNameSchema = lineText({ error: "Ange ligans namn." })
  .trim()
  .min(1, { error: "Ange ligans namn." })
  .max(40, { error: "Ligans namn får vara högst 40 tecken." });

const nicknameSchema = lineText({ error: "Ange ett smeknamn." })
  .trim()
  .min(1, { error: "Ange ett smeknamn." })
  .max(30, { error: "Smeknamnet får vara högst 30 tecken." });

/** One member's counted play of one week's NutidsQuiz (their first finished play of it). */
export type WeekResult = {
  memberId: string;
  nickname: string;
  week: IsoWeek;
  score: number;
  questionCount: number;
  seconds: number;
};

export type WeekRow = WeekResult & { place: number };

/** A week's table: score, then time to finish; equal score and time share a place. */
export function weekTable(results: readonly WeekResult[], week: IsoWeek): WeekRow[] {
  const sorted = results
    .filter((r) => compareIsoWeeks(r.week, week) === 0)
    .sort(
      (a, b) => b.score - a.score || a.seconds - b.seconds || a.nickname.localeCompare(b.nickname, "sv-SE"),
    );
  return sorted.map((row, i) => {
    const first = sorted.findIndex((r) => r.score === row.score && r.seconds === row.seconds);
    return { ...row, place: (first === -1 ? i : first) + 1 };
  });
}

export type SeasonRow = { memberId: string; nickname: string; points: number; weeks: number; place: number };

/** The season: each member's best SEASON_BEST weekly scores of the weeks given, summed; ties share a place. */
export function seasonTable(results: readonly WeekResult[]): SeasonRow[] {
  const byMember = new Map<string, { nickname: string; scores: number[] }>();
  for (const r of results) {
    const entry = byMember.get(r.memberId) ?? { nickname: r.nickname, scores: [] };
    entry.scores.push(r.score);
    byMember.set(r.memberId, entry);
  }
  const rows = [...byMember].map(([memberId, { nickname, scores }]) => ({
    memberId,
    nickname,
    weeks: scores.length,
    points: [...scores]
      .sort((a, b) => b - a)
      .slice(0, SEASON_BEST)
      .reduce((sum, s) => sum + s, 0),
  }));
  rows.sort((a, b) => b.points - a.points || a.nickname.localeCompare(b.nickname, "sv-SE"));
  return rows.map((row) => ({ ...row, place: rows.findIndex((r) => r.points === row.points) + 1 }));
}

/** "2:05" or "12 s": how long a play took to finish. */
export function durationLabel(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  if (whole < 60) return `${whole} s`;
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

const VISITOR_MESSAGE = "Ligor behöver JavaScript: aktivera det och försök igen.";
const visitorIdField = z
  .string({ error: VISITOR_MESSAGE })
  .min(1, { error: VISITOR_MESSAGE })
  .pipe(PLAY_VISITOR_ID);

const createSchema = z.object({
  name: leagueNameSchema,
  nickname: nicknameSchema,
  visitorId: visitorIdField,
});
const joinSchema = z.object({ nickname: nicknameSchema, visitorId: visitorIdField });

export type LeagueFormValues = { name?: string; nickname?: string };

const entries = (form: FormData) =>
  Object.fromEntries(["name", "nickname", "visitorId"].map((k) => [k, form.get(k) ?? undefined]));

/** "Skapa liga": checked in the browser and again in the action. */
export function readCreateLeagueForm(form: FormData) {
  return createSchema.safeParse(entries(form));
}

/** "Gå med i ligan" */
export function readJoinLeagueForm(form: FormData) {
  return joinSchema.safeParse(entries(form));
}
