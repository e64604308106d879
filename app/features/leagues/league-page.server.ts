import { nutidsQuizWeekFor } from "~/features/quizzes/public";
import { findFeaturedWeeklyQuiz } from "~/features/quizzes/public.server";
import type { Db } from "~/lib/db.server";
import { readCookie, siteCookie } from "~/lib/flash.server";
import { shiftIsoWeek } from "~/lib/time";
import { seasonTable, weekTable } from "./league-rules";
import { findLeague, leagueResults, memberByKey, seasonWeeks } from "./leagues.server";

const COOKIE_PATH = "/veckans-nutidsquiz/liga";
const COOKIE_MAX_AGE = 400 * 86_400;
const cookieName = (code: string) => `quizkvall_liga_${code}`;

/** The browser's membership key of the league with `code`, from its cookie (sent to the league pages only). */
export function memberKeyOf(request: Request, code: string): string | null {
  return readCookie(request, cookieName(code));
}

export function memberCookie(code: string, memberKey: string | null): string {
  return siteCookie(cookieName(code), memberKey ?? "", memberKey ? COOKIE_MAX_AGE : 0, COOKIE_PATH);
}

/**
 * A league's page: its members, this week's table (the week of "Veckans NutidsQuiz"), last week's winners and
 * the season; and who the browser is in it. Bounded by the league's size: members × twelve weeks of results.
 */
export async function loadLeaguePage(db: Db, request: Request, code: string, now: Date) {
  const league = await findLeague(db, code);
  if (!league) return null;
  const [viewer, featured] = await Promise.all([
    memberByKey(db, league.id, memberKeyOf(request, code)),
    findFeaturedWeeklyQuiz(db, now),
  ]);
  const week = featured?.week ?? nutidsQuizWeekFor(now);
  const weeks = seasonWeeks(week);
  const results = await leagueResults(db, league.id, weeks[0] ?? week, week);
  const thisWeek = weekTable(results, week);
  const lastWeek = weekTable(results, shiftIsoWeek(week, -1));
  const played = new Set(thisWeek.map((r) => r.memberId));
  return {
    league,
    viewer,
    week,
    quiz: featured ? { title: featured.title, titleSlug: featured.titleSlug } : null,
    thisWeek,
    notPlayed: league.members.filter((m) => !played.has(m.id)).map((m) => m.nickname),
    lastWinners: lastWeek.filter((r) => r.place === 1),
    season: seasonTable(results),
  };
}

export type LeaguePage = NonNullable<Awaited<ReturnType<typeof loadLeaguePage>>>;
