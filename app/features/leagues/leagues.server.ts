import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import { leagueMembers, leagues } from "~/db/schema";
import { type Db, queryRows } from "~/lib/db.server";
import { type IsoWeek, shiftIsoWeek } from "~/lib/time";
import { LEAGUE_MAX_MEMBERS, SEASON_WEEKS, type WeekResult } from "./league-rules";

export type LeagueMember = { id: string; nickname: string; isCreator: boolean };
export type League = { id: string; name: string; code: string; members: LeagueMember[] };

const token = (bytes: number) => randomBytes(bytes).toString("base64url");
const hashOf = (key: string) => createHash("sha256").update(key).digest("hex");

export async function createLeague(
  db: Db,
  input: { name: string; nickname: string; visitorId: string },
): Promise<{ code: string; memberKey: string }> {
  const code = token(12);
  const memberKey = token(24);
  await db.transaction(async (tx) => {
    const [league] = await tx
      .insert(leagues)
      .values({ name: input.name, code })
      .returning({ id: leagues.id });
    if (!league) throw new Error("no league row returned");
    await tx.insert(leagueMembers).values({
      leagueId: league.id,
      visitorId: input.visitorId,
      nickname: input.nickname,
      keyHash: hashOf(memberKey),
      isCreator: true,
    });
  });
  return { code, memberKey };
}

/** A league by its code, with its members in the order they joined; null for a code that names none. */
export async function findLeague(db: Db, code: string): Promise<League | null> {
  if (!/^[\w-]{16}$/.test(code)) return null;
  const [league] = await db.select().from(leagues).where(eq(leagues.code, code));
  if (!league) return null;
  const members = await db
    .select({ id: leagueMembers.id, nickname: leagueMembers.nickname, isCreator: leagueMembers.isCreator })
    .from(leagueMembers)
    .where(eq(leagueMembers.leagueId, league.id))
    .orderBy(asc(leagueMembers.joinedAt), asc(leagueMembers.id));
  return { id: league.id, name: league.name, code: league.code, members };
}

/** The member a browser's key proves, in this league; null for no key or another league's. */
export async function memberByKey(
  db: Db,
  leagueId: string,
  key: string | null,
): Promise<LeagueMember | null> {
  if (!key) return null;
  const [member] = await db
    .select({ id: leagueMembers.id, nickname: leagueMembers.nickname, isCreator: leagueMembers.isCreator })
    .from(leagueMembers)
    .where(and(eq(leagueMembers.leagueId, leagueId), eq(leagueMembers.keyHash, hashOf(key))));
  return member ?? null;
}

export type JoinOutcome = { ok: true; memberKey: string } | { ok: false; reason: "full" | "nickname-taken" };

/**
 * Joins the browser to the league under `nickname`. The league's row is locked, so two joins at once cannot
 * pass LEAGUE_MAX_MEMBERS. A browser already in it rejoins: a new key (its old one is gone) and the new name.
 */
export function joinLeague(
  db: Db,
  leagueId: string,
  input: { nickname: string; visitorId: string },
): Promise<JoinOutcome> {
  return db.transaction(async (tx) => {
    await tx.select({ id: leagues.id }).from(leagues).where(eq(leagues.id, leagueId)).for("update");
    const members = await tx
      .select({ id: leagueMembers.id, visitorId: leagueMembers.visitorId, nickname: leagueMembers.nickname })
      .from(leagueMembers)
      .where(eq(leagueMembers.leagueId, leagueId));
    const own = members.find((m) => m.visitorId === input.visitorId);
    const sameName = (m: { nickname: string }) => m.nickname.toLowerCase() === input.nickname.toLowerCase();
    if (members.some((m) => m.id !== own?.id && sameName(m))) return { ok: false, reason: "nickname-taken" };
    if (!own && members.length >= LEAGUE_MAX_MEMBERS) return { ok: false, reason: "full" };
    const memberKey = token(24);
    if (own)
      await tx
        .update(leagueMembers)
        .set({ nickname: input.nickname, keyHash: hashOf(memberKey) })
        .where(eq(leagueMembers.id, own.id));
    else
      await tx.insert(leagueMembers).values({
        leagueId,
        visitorId: input.visitorId,
        nickname: input.nickname,
        keyHash: hashOf(memberKey),
      });
    return { ok: true, memberKey };
  });
}

/**
 * Takes a member out of the league. A leaving creator hands the league to the member who joined first after
 * them; the last member leaving ends the league.
 */
export function leaveLeague(db: Db, leagueId: string, memberId: string): Promise<void> {
  return db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(leagueMembers)
      .where(and(eq(leagueMembers.leagueId, leagueId), eq(leagueMembers.id, memberId)))
      .returning({ isCreator: leagueMembers.isCreator });
    if (!gone?.isCreator) return;
    const [next] = await tx
      .select({ id: leagueMembers.id })
      .from(leagueMembers)
      .where(eq(leagueMembers.leagueId, leagueId))
      .orderBy(asc(leagueMembers.joinedAt), asc(leagueMembers.id))
      .limit(1);
    if (next) await tx.update(leagueMembers).set({ isCreator: true }).where(eq(leagueMembers.id, next.id));
    else await tx.delete(leagues).where(eq(leagues.id, leagueId));
  });
}

/** The weeks of the season that ends with `week`, oldest first. */
export function seasonWeeks(week: IsoWeek): IsoWeek[] {
  return Array.from({ length: SEASON_WEEKS }, (_, i) => shiftIsoWeek(week, i - SEASON_WEEKS + 1));
}

type ResultRow = {
  member_id: string;
  nickname: string;
  week_year: number;
  week: number;
  score: number;
  question_count: number;
  seconds: number;
};

/**
 * Each member's counted play (their first finished one) of each weekly NutidsQuiz from `from` to `to`; when a
 * week has more than one quiz, the one they finished first. At most members × weeks rows.
 */
export async function leagueResults(
  db: Db,
  leagueId: string,
  from: IsoWeek,
  to: IsoWeek,
): Promise<WeekResult[]> {
  const key = (w: IsoWeek) => w.weekYear * 100 + w.week;
  const rows = await queryRows<ResultRow>(
    db,
    sql`select distinct on (m.id, q.week_year, q.week)
          m.id as member_id, m.nickname, q.week_year, q.week, p.score, p.question_count,
          extract(epoch from p.finished_at - p.started_at)::float8 as seconds
        from league_members m
        join quiz_plays p on p.visitor_id = m.visitor_id and p.counted and p.finished_at is not null
        join quizzes q on q.id = p.quiz_id
        where m.league_id = ${leagueId} and q.category = 'NutidsQuiz' and q.week is not null
          and q.week_year * 100 + q.week between ${key(from)} and ${key(to)}
        order by m.id, q.week_year, q.week, p.finished_at`,
  );
  return rows.map((r) => ({
    memberId: r.member_id,
    nickname: r.nickname,
    week: { weekYear: Number(r.week_year), week: Number(r.week) },
    score: Number(r.score),
    questionCount: Number(r.question_count),
    seconds: Number(r.seconds),
  }));
}

/** The creator takes another member out; nothing happens for anyone else's request or for themselves. */
export async function removeMember(db: Db, leagueId: string, actor: LeagueMember, memberId: string) {
  if (!actor.isCreator || actor.id === memberId) return false;
  const removed = await db
    .delete(leagueMembers)
    .where(and(eq(leagueMembers.leagueId, leagueId), eq(leagueMembers.id, memberId)))
    .returning({ id: leagueMembers.id });
  return removed.length > 0;
}
