import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import { leagues, listRecipients, listSubscriptionLeagues, listSubscriptions } from "~/db/schema";
import { findLeagueByLink } from "~/features/leagues/public.server";
import { AppError } from "~/lib/app-error";
import type { Db } from "~/lib/db.server";

type Reader = Pick<Db, "select">;

/** Leagues one weekly mail links at most: a few tables, not a directory. */
const LEAGUES_PER_MAIL = 5;

export type MailLeague = { id: string; name: string; code: string };

async function quizSubscriptionOf(db: Reader, manageToken: string): Promise<string | null> {
  const [row] = await db
    .select({ id: listSubscriptions.id })
    .from(listSubscriptions)
    .innerJoin(listRecipients, eq(listRecipients.email, listSubscriptions.email))
    .where(
      and(
        eq(listRecipients.manageToken, manageToken),
        eq(listSubscriptions.topic, "nutidsquiz"),
        isNotNull(listSubscriptions.confirmedAt),
      ),
    );
  return row?.id ?? null;
}

export async function leaguesBySubscription(
  db: Reader,
  subscriptionId?: string,
): Promise<Map<string, MailLeague[]>> {
  const byId = new Map<string, MailLeague[]>();
  const rows = await db
    .select({
      subscriptionId: listSubscriptionLeagues.subscriptionId,
      id: leagues.id,
      name: leagues.name,
      code: leagues.code,
    })
    .from(listSubscriptionLeagues)
    .innerJoin(leagues, eq(leagues.id, listSubscriptionLeagues.leagueId))
    .innerJoin(listSubscriptions, eq(listSubscriptions.id, listSubscriptionLeagues.subscriptionId))
    .where(
      subscriptionId
        ? eq(listSubscriptionLeagues.subscriptionId, subscriptionId)
        : and(eq(listSubscriptions.topic, "nutidsquiz"), isNotNull(listSubscriptions.confirmedAt)),
    )
    .orderBy(asc(listSubscriptionLeagues.createdAt), asc(leagues.name));
  for (const { subscriptionId: id, ...league } of rows) byId.set(id, [...(byId.get(id) ?? []), league]);
  return byId;
}

/** Null when the address gets no weekly NutidsQuiz (then no league can be added). */
export async function mailLeaguesOf(db: Db, manageToken: string): Promise<MailLeague[] | null> {
  const subscription = await quizSubscriptionOf(db, manageToken);
  if (!subscription) return null;
  return (await leaguesBySubscription(db, subscription)).get(subscription) ?? [];
}

export async function addMailLeague(db: Db, manageToken: string, link: string): Promise<MailLeague> {
  const subscription = await quizSubscriptionOf(db, manageToken);
  if (!subscription)
    throw new AppError("bad-request", {
      message: "Du får inte veckans NutidsQuiz här, så det finns inget mejl att lägga ligan i.",
    });
  const league = await findLeagueByLink(db, link);
  if (!league)
    throw new AppError("bad-request", {
      message: "Hittar ingen liga med den länken. Klistra in länken från ligans sida.",
      fieldErrors: { league: "Hittar ingen liga med den länken. Klistra in länken från ligans sida." },
    });
  const [{ count } = { count: 0 }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(listSubscriptionLeagues)
    .where(eq(listSubscriptionLeagues.subscriptionId, subscription));
  if (Number(count) >= LEAGUES_PER_MAIL)
    throw new AppError("bad-request", {
      message: `Mejlet kan visa högst ${LEAGUES_PER_MAIL} ligor. Ta bort en först.`,
      fieldErrors: { league: `Mejlet kan visa högst ${LEAGUES_PER_MAIL} ligor. Ta bort en först.` },
    });
  await db
    .insert(listSubscriptionLeagues)
    .values({ subscriptionId: subscription, leagueId: league.id })
    .onConflictDoNothing();
  return league;
}

export async function removeMailLeague(db: Db, manageToken: string, leagueId: string): Promise<void> {
  const subscription = await quizSubscriptionOf(db, manageToken);
  if (!subscription) return;
  await db
    .delete(listSubscriptionLeagues)
    .where(
      and(
        eq(listSubscriptionLeagues.subscriptionId, subscription),
        eq(listSubscriptionLeagues.leagueId, leagueId),
      ),
    );
}
