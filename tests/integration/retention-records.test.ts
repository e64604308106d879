import { randomUUID } from "node:crypto";
import { eq, inArray, like, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  account,
  beerClicks,
  eventBeerInteractions,
  eventConfirmations,
  eventHosts,
  hostClaims,
  nightNotHeldReports,
  rateLimit,
  reports,
  session,
  user,
  userRoles,
  verification,
} from "~/db/schema";
import { runClaimed } from "~/features/jobs/job-runner.server";
import { RETENTION_JOB_NAME, runRetention } from "~/features/privacy/retention.server";
import { getDb } from "~/lib/db.server";
import { pruneRateLimits } from "~/lib/rate-limit.server";
import { insertEvent } from "../support/factories";

/**
 * The privacy notice's retention (decision 054), rule by rule: rows past their period go (or lose their
 * browser id, retention-plays.test.ts), rows within it and rows still waiting for an admin stay. Each test
 * runs the job itself, as the scheduler does.
 */
const NOW = new Date("2026-11-28T03:41:00Z");
const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY);

describe("retention of what visitors and claimants send", () => {
  it("deletes reports and suggestions 90 days after they were resolved; pending ones wait", async () => {
    const db = getDb();
    const report = (title: string, resolvedAt: Date | null) => ({
      reportType: "missing_quiz",
      title,
      description: "Ett quiz på Testkrogen",
      reporterName: "Ada",
      contactEmail: "ada@example.se",
      status: resolvedAt ? "resolved" : "pending",
      createdAt: daysAgo(400),
      resolvedAt,
    });
    await db
      .insert(reports)
      .values([
        report("old-resolved", daysAgo(91)),
        report("new-resolved", daysAgo(89)),
        report("old-pending", null),
      ]);
    const done = await runRetention(db, NOW);
    expect(done.reports).toBe(1);
    const left = await db.select({ title: reports.title }).from(reports);
    expect(left.map((r) => r.title).sort()).toEqual(["new-resolved", "old-pending"]);
  });

  it("deletes host claims 90 days after they were decided; pending ones wait", async () => {
    const db = getDb();
    const event = await insertEvent(db);
    const claim = (name: string, status: string, decidedAt: Date | null) => ({
      eventId: event.id,
      name,
      email: `${name}@example.se`,
      venueRole: "Quizmaster",
      message: "Jag håller i quizet",
      status,
      decidedAt,
      createdAt: daysAgo(400),
    });
    await db
      .insert(hostClaims)
      .values([
        claim("approved-old", "approved", daysAgo(91)),
        claim("declined-old", "declined", daysAgo(120)),
        claim("declined-new", "declined", daysAgo(30)),
        claim("pending-old", "pending", null),
      ]);
    expect((await runRetention(db, NOW)).hostClaims).toBe(2);
    const left = await db.select({ name: hostClaims.name }).from(hostClaims);
    expect(left.map((c) => c.name).sort()).toEqual(["declined-new", "pending-old"]);
  });

  it("deletes 'Jag var där' a week after the night, and dealt-with 'Det blev inget' after 90 days", async () => {
    const db = getDb();
    const event = await insertEvent(db);
    // NOW is 04:41 on 28 November in Stockholm: a week back is 21 November.
    await db.insert(eventConfirmations).values(
      ["2026-11-20", "2026-11-21", "2026-11-27"].map((night) => ({
        eventId: event.id,
        occurrenceDate: night,
        visitorId: "visitor-a",
        confirmedAt: new Date(`${night}T21:00:00Z`),
      })),
    );
    const notHeld = (night: string, visitorId: string, resolvedAt: Date | null) => ({
      eventId: event.id,
      occurrenceDate: night,
      visitorId,
      reportedAt: new Date(`${night}T21:00:00Z`),
      resolvedAt,
    });
    await db
      .insert(nightNotHeldReports)
      .values([
        notHeld("2026-01-06", "resolved-old", daysAgo(91)),
        notHeld("2026-01-06", "resolved-new", daysAgo(10)),
        notHeld("2026-01-13", "open-old", null),
      ]);
    const done = await runRetention(db, NOW);
    expect([done.confirmations, done.notHeld]).toEqual([1, 1]);
    const nights = await db
      .select({ night: eventConfirmations.occurrenceDate })
      .from(eventConfirmations)
      .where(eq(eventConfirmations.eventId, event.id));
    expect(nights.map((n) => n.night).sort()).toEqual(["2026-11-21", "2026-11-27"]);
    const reported = await db
      .select({ visitorId: nightNotHeldReports.visitorId })
      .from(nightNotHeldReports)
      .where(eq(nightNotHeldReports.eventId, event.id));
    expect(reported.map((r) => r.visitorId).sort()).toEqual(["open-old", "resolved-new"]);
  });

  it("deletes a browser's skåla cooldown after a day and its single skålor after 14 days", async () => {
    const db = getDb();
    const event = await insertEvent(db);
    const hour = DAY / 24;
    await db.insert(eventBeerInteractions).values([
      { eventId: event.id, userIdentifier: "cooled-down", lastBeerTime: new Date(NOW.getTime() - 25 * hour) },
      { eventId: event.id, userIdentifier: "recent", lastBeerTime: new Date(NOW.getTime() - 2 * hour) },
    ]);
    await db.insert(beerClicks).values(
      [15, 14.01, 13.99, 1].map((days) => ({
        eventId: event.id,
        userIdentifier: `clicked-${days}`,
        clickedAt: daysAgo(days),
      })),
    );
    const done = await runRetention(db, NOW);
    expect([done.beerCooldowns, done.beerClicks]).toEqual([1, 2]);
    const cooldowns = await db
      .select({ who: eventBeerInteractions.userIdentifier })
      .from(eventBeerInteractions)
      .where(eq(eventBeerInteractions.eventId, event.id));
    expect(cooldowns.map((c) => c.who)).toEqual(["recent"]);
    const clicks = await db
      .select({ who: beerClicks.userIdentifier })
      .from(beerClicks)
      .where(eq(beerClicks.eventId, event.id));
    expect(clicks.map((c) => c.who).sort()).toEqual(["clicked-1", "clicked-13.99"]);
  });
});

/** A user as better-auth stores one, made `createdDaysAgo` days before NOW. */
async function insertUser(name: string, createdDaysAgo: number, password: string | null = null) {
  const db = getDb();
  const id = randomUUID();
  const email = `${name}-${id.slice(0, 6)}@example.se`;
  await db.insert(user).values({ id, name, email, createdAt: daysAgo(createdDaysAgo) });
  if (password) {
    await db
      .insert(account)
      .values({ id: randomUUID(), accountId: id, providerId: "credential", userId: id, password });
  }
  return { id, email };
}

function insertSession(userId: string, expiresAt: Date) {
  return getDb().insert(session).values({
    id: randomUUID(),
    token: randomUUID(),
    userId,
    expiresAt,
    ipAddress: "203.0.113.9",
    userAgent: "Testwebbläsare",
  });
}

describe("retention of accounts and sign-ins", () => {
  it("deletes sessions, links and codes a day after they expired", async () => {
    const db = getDb();
    const owner = await insertUser("session-owner", 400, "hash");
    await insertSession(owner.id, daysAgo(1.01));
    await insertSession(owner.id, daysAgo(0.5));
    await insertSession(owner.id, daysAgo(-6));
    await db.insert(verification).values([
      { id: randomUUID(), identifier: "retention-old", value: "v", expiresAt: daysAgo(2) },
      { id: randomUUID(), identifier: "retention-new", value: "v", expiresAt: daysAgo(0.9) },
    ]);
    const done = await runRetention(db, NOW);
    expect([done.sessions, done.verifications]).toEqual([1, 1]);
    expect(await db.select().from(session).where(eq(session.userId, owner.id))).toHaveLength(2);
    const codes = await db
      .select({ identifier: verification.identifier })
      .from(verification)
      .where(like(verification.identifier, "retention-%"));
    expect(codes.map((c) => c.identifier)).toEqual(["retention-new"]);
  });

  it("deletes a link-only host account that hosts nothing 30 days after it was made; every other account stays", async () => {
    const db = getDb();
    const event = await insertEvent(db);
    const idle = await insertUser("idle-host", 31);
    const hosting = await insertUser("hosting", 400);
    await db.insert(eventHosts).values({ eventId: event.id, userId: hosting.id });
    const withPassword = await insertUser("signed-up", 400, "hash");
    const admin = await insertUser("admin", 400);
    await db.insert(userRoles).values({ userId: admin.id, role: "admin" });
    const young = await insertUser("young", 29);
    const signedIn = await insertUser("signed-in", 400);
    await insertSession(signedIn.id, daysAgo(-3));
    const claiming = await insertUser("claiming", 400);
    await db.insert(hostClaims).values({
      eventId: event.id,
      name: "Claiming",
      email: claiming.email,
      venueRole: "Ägare",
    });
    const done = await runRetention(db, NOW);
    expect(done.idleHostAccounts).toBe(1);
    const ids = [idle, hosting, withPassword, admin, young, signedIn, claiming].map((u) => u.id);
    const left = await db.select({ name: user.name }).from(user).where(inArray(user.id, ids));
    expect(left.map((u) => u.name).sort()).toEqual(
      ["admin", "claiming", "hosting", "signed-in", "signed-up", "young"].sort(),
    );
  });
});

describe("the retention job", () => {
  it("works in bounded batches: a backlog goes over several runs", async () => {
    const db = getDb();
    await db.insert(reports).values(
      Array.from({ length: 5 }, (_, i) => ({
        reportType: "other",
        title: `backlog-${i}`,
        description: "Gammal",
        status: "resolved",
        resolvedAt: daysAgo(200),
      })),
    );
    const backlog = () => db.select().from(reports).where(like(reports.title, "backlog-%"));
    expect((await runRetention(db, NOW, { size: 2, maxBatches: 2 })).reports).toBe(4);
    expect(await backlog()).toHaveLength(1);
    expect((await runRetention(db, NOW, { size: 2, maxBatches: 2 })).reports).toBe(1);
    expect(await backlog()).toHaveLength(0);
  });

  it("runs once per slot however many instances fire", async () => {
    const db = getDb();
    const slot = NOW.toISOString();
    const outcomes = await Promise.all(
      Array.from({ length: 4 }, () => runClaimed(db, RETENTION_JOB_NAME, slot, () => runRetention(db, NOW))),
    );
    expect(outcomes.filter((o) => o.claimed)).toHaveLength(1);
  });

  it("the hourly rate-limit prune also removes better-auth's counters a day after their last request", async () => {
    const db = getDb();
    await db.insert(rateLimit).values([
      {
        id: randomUUID(),
        key: "203.0.113.1/sign-in/email",
        count: 3,
        lastRequest: NOW.getTime() - 1.1 * DAY,
      },
      { id: randomUUID(), key: "203.0.113.2/sign-in/email", count: 1, lastRequest: NOW.getTime() - 60_000 },
    ]);
    await pruneRateLimits(db, NOW);
    const keys = await db
      .select({ key: rateLimit.key })
      .from(rateLimit)
      .where(sql`${rateLimit.key} like '203.0.113.%'`);
    expect(keys.map((k) => k.key)).toEqual(["203.0.113.2/sign-in/email"]);
  });
});
