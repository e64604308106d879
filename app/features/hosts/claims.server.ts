import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { eventHosts, events, hostClaims, user } from "~/db/schema";
import { accountForEmail, createSignInLink, signsInByLink } from "~/features/auth/public.server";
import { enqueueMail } from "~/features/mail/public.server";
import { cityByName } from "~/lib/cities";
import type { Db } from "~/lib/db.server";
import { hitRateLimit } from "~/lib/rate-limit.server";
import { CLAIM_ADDRESS_LIMIT, CLAIM_EVENT_LIMIT, type ClaimInput, isListingAddress } from "./claim-rules";
import { hostApprovedMail, hostDeclinedMail, hostPasswordSignInMail } from "./host-mails";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type ClaimOutcome =
  | { status: "received" }
  | { status: "approved" }
  | { status: "limited"; retryAfterSeconds: number }
  | { status: "unknown-event" };

type Context = { now: Date; publicUrl: string };

const hostAreaUrl = (publicUrl: string) => new URL("/quizvard", publicUrl).toString();

type Approval = { userId: string; link: string | null };

async function prepareApproval(db: Db, email: string, name: string, publicUrl: string): Promise<Approval> {
  const { id } = await accountForEmail(email, name);
  const link = (await signsInByLink(db, id)) ? await createSignInLink(email, publicUrl) : null;
  return { userId: id, link };
}

async function alreadyClaimed(db: Db, eventId: string, email: string): Promise<boolean> {
  const [hosting, pending] = await Promise.all([
    db
      .select({ eventId: eventHosts.eventId })
      .from(eventHosts)
      .innerJoin(user, eq(user.id, eventHosts.userId))
      .where(and(eq(eventHosts.eventId, eventId), eq(user.email, email)))
      .limit(1),
    db
      .select({ id: hostClaims.id })
      .from(hostClaims)
      .where(
        and(eq(hostClaims.eventId, eventId), eq(hostClaims.email, email), eq(hostClaims.status, "pending")),
      )
      .limit(1),
  ]);
  return hosting.length > 0 || pending.length > 0;
}

export async function findClaimedEvent(db: Db, eventId: string) {
  const [row] = await db
    .select({ id: events.id, title: events.title, city: events.city, slug: events.slug })
    .from(events)
    .where(eq(events.id, eventId))
    .limit(1);
  return row ?? null;
}

/** A claim from the listing's own address is approved at once; a duplicate stores and sends nothing. */
export async function submitClaim(
  db: Db,
  input: { eventId: string; claim: ClaimInput; clientIp: string },
  { now, publicUrl }: Context,
): Promise<ClaimOutcome> {
  const [event] = await db
    .select({
      id: events.id,
      title: events.title,
      email: events.email,
      emailSetByHost: events.emailSetByHost,
    })
    .from(events)
    .where(eq(events.id, input.eventId))
    .limit(1);
  if (!event) return { status: "unknown-event" };
  for (const [key, rule] of [
    [`host-claim:${input.clientIp}`, CLAIM_ADDRESS_LIMIT],
    [`host-claim-event:${event.id}`, CLAIM_EVENT_LIMIT],
  ] as const) {
    const hit = await hitRateLimit(db, key, rule, now);
    if (!hit.allowed) return { status: "limited", retryAfterSeconds: hit.retryAfterSeconds };
  }
  const autoApprove = isListingAddress(input.claim.email, event.email) && !event.emailSetByHost;
  const answer: ClaimOutcome = { status: autoApprove ? "approved" : "received" };
  if (await alreadyClaimed(db, event.id, input.claim.email)) return answer;
  const approval = autoApprove
    ? await prepareApproval(db, input.claim.email, input.claim.name, publicUrl)
    : null;
  await db.transaction(async (tx) => {
    const [claim] = await tx
      .insert(hostClaims)
      .values({
        eventId: event.id,
        name: input.claim.name,
        email: input.claim.email,
        venueRole: input.claim.venueRole,
        message: input.claim.message,
        createdAt: now,
      })
      .returning({ id: hostClaims.id });
    if (approval && claim) await approveInTransaction(tx, claim.id, null, approval, { now, publicUrl });
  });
  return answer;
}

/** False when the claim is no longer pending: the row lock makes two parallel approvals approve once. */
async function approveInTransaction(
  tx: Tx,
  claimId: string,
  decidedBy: string | null,
  approval: Approval,
  { now, publicUrl }: Context,
): Promise<boolean> {
  const [claim] = await tx
    .update(hostClaims)
    .set({ status: "approved", decidedBy, decidedAt: now })
    .where(and(eq(hostClaims.id, claimId), eq(hostClaims.status, "pending")))
    .returning();
  if (!claim) return false;
  const [event] = await tx
    .select({ title: events.title })
    .from(events)
    .where(eq(events.id, claim.eventId))
    .limit(1);
  if (!event) return false;
  const added = await tx
    .insert(eventHosts)
    .values({ eventId: claim.eventId, userId: approval.userId, createdAt: now })
    .onConflictDoNothing()
    .returning({ userId: eventHosts.userId });
  if (added.length === 0) return true;
  const content = approval.link
    ? hostApprovedMail(approval.link, event.title, hostAreaUrl(publicUrl))
    : hostPasswordSignInMail(event.title, new URL("/admin", publicUrl).toString(), hostAreaUrl(publicUrl));
  await enqueueMail(tx, { kind: "host-approved", to: claim.email, ...content }, now);
  return true;
}

export type ClaimDecision = "approve" | "decline";

export async function decideClaim(
  db: Db,
  claimId: string,
  decision: ClaimDecision,
  adminId: string,
  context: Context,
): Promise<boolean> {
  if (decision === "approve") {
    const [pending] = await db
      .select({ email: hostClaims.email, name: hostClaims.name })
      .from(hostClaims)
      .where(and(eq(hostClaims.id, claimId), eq(hostClaims.status, "pending")))
      .limit(1);
    if (!pending) return false;
    const approval = await prepareApproval(db, pending.email, pending.name, context.publicUrl);
    return db.transaction((tx) => approveInTransaction(tx, claimId, adminId, approval, context));
  }
  return db.transaction(async (tx) => {
    const [declined] = await tx
      .update(hostClaims)
      .set({ status: "declined", decidedBy: adminId, decidedAt: context.now })
      .where(and(eq(hostClaims.id, claimId), eq(hostClaims.status, "pending")))
      .returning({ email: hostClaims.email, eventId: hostClaims.eventId });
    if (!declined) return false;
    const [event] = await tx
      .select({ title: events.title, city: events.city, slug: events.slug })
      .from(events)
      .where(eq(events.id, declined.eventId));
    if (event) {
      const path = `/quiz/${cityByName(event.city)?.slug ?? ""}/${event.slug}`;
      const content = hostDeclinedMail(event.title, new URL(path, context.publicUrl).toString());
      await enqueueMail(tx, { kind: "host-declined", to: declined.email, ...content }, context.now);
    }
    return true;
  });
}

export type PendingClaim = {
  id: string;
  name: string;
  email: string;
  venueRole: string;
  message: string | null;
  createdAt: string;
  event: { id: string; title: string; city: string; slug: string };
  currentHosts: { name: string; email: string }[];
};

export async function listPendingClaims(
  db: Db,
  { limit, offset = 0, newestFirst = false }: { limit: number; offset?: number; newestFirst?: boolean },
): Promise<PendingClaim[]> {
  const rows = await db
    .select({
      id: hostClaims.id,
      name: hostClaims.name,
      email: hostClaims.email,
      venueRole: hostClaims.venueRole,
      message: hostClaims.message,
      createdAt: hostClaims.createdAt,
      eventId: events.id,
      title: events.title,
      city: events.city,
      slug: events.slug,
    })
    .from(hostClaims)
    .innerJoin(events, eq(events.id, hostClaims.eventId))
    .where(eq(hostClaims.status, "pending"))
    .orderBy(
      ...(newestFirst
        ? [desc(hostClaims.createdAt), desc(hostClaims.id)]
        : [hostClaims.createdAt, hostClaims.id]),
    )
    .limit(limit)
    .offset(offset);
  const eventIds = [...new Set(rows.map((r) => r.eventId))];
  const hosts = eventIds.length
    ? await db
        .select({ eventId: eventHosts.eventId, name: user.name, email: user.email })
        .from(eventHosts)
        .innerJoin(user, eq(user.id, eventHosts.userId))
        .where(inArray(eventHosts.eventId, eventIds))
        .orderBy(eventHosts.createdAt)
    : [];
  return rows.map((r) => ({
    currentHosts: hosts.filter((h) => h.eventId === r.eventId).map(({ name, email }) => ({ name, email })),
    id: r.id,
    name: r.name,
    email: r.email,
    venueRole: r.venueRole,
    message: r.message,
    createdAt: r.createdAt.toISOString(),
    event: { id: r.eventId, title: r.title, city: r.city, slug: r.slug },
  }));
}

export async function countPendingClaims(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(hostClaims)
    .where(eq(hostClaims.status, "pending"));
  return Number(row?.n ?? 0);
}
