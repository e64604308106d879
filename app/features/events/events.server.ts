import { and, asc, desc, eq, gt, inArray, isNull, like, or } from "drizzle-orm";
import { eventExceptions, events, type ScheduleEntry } from "~/db/schema";
import { CITY_MAP_SLUG, type CityName } from "~/lib/cities";
import { contentChanged, pageShows } from "~/lib/content-changes.server";
import { type Db, onlyRow } from "~/lib/db.server";
import { slugify, uniqueSlug } from "~/lib/slug";
import { WEEKDAY_SLUGS } from "~/lib/time";
import { lockSlugScope } from "~/lib/transaction-lock.server";
import type { Booking, Difficulty, Language } from "./event-facts";
import { computeTopRanks, type EventBase, type EventView, toEventBase, toEventView } from "./event-view";
import { defaultAnchor, defaultMonthWeek, type MonthWeek, type RuleException } from "./occurrences";

export type EventRow = typeof events.$inferSelect;

export type NewEventInput = {
  title: string;
  description?: string | null;
  imageUrl?: string | null;
  locationName?: string | null;
  locationAddress?: string | null;
  city: CityName;
  startTime: Date;
  tags?: string[];
  createdBy?: string | null;
  maxPersonsPerTeam?: number | null;
  phone?: string | null;
  email?: string | null;
  website?: string | null;
  instagram?: string | null;
  recurrence?: "weekly" | "biweekly" | "monthly";
  recurrenceAnchor?: string;
  recurrenceWeek?: MonthWeek | null;
  streetAddress?: string | null;
  schedules?: ScheduleEntry[] | null;
  beerCounter?: number;
  createdAt?: Date;
  entryFee?: number | null;
  booking?: Booking | null;
  bookingUrl?: string | null;
  prize?: string | null;
  difficulty?: Difficulty | null;
  language?: Language | null;
  wheelchairAccessible?: boolean | null;
  /** Where the venue is, when known (both or neither). */
  latitude?: number | null;
  longitude?: number | null;
};

/**
 * All listed events, newest first: every listing, Ikväll, city pages and feeds read these. An event a host
 * reported ended ("Quizet har upphört") is left out until an admin restores or deletes it.
 */
async function listEvents(db: Db): Promise<EventRow[]> {
  return db.select().from(events).where(isNull(events.endedReportedAt)).orderBy(desc(events.createdAt));
}

/**
 * Slugs an event can never have: /quiz/{city}/{slug} serves the city-and-weekday listing for these and the
 * city's map for "karta" (routes.ts), so an event titled "Fredag" or "Karta" would be unreachable. They count
 * as taken, like another event's slug. (The reserve-weekday-event-slugs migration renamed the rows that had a
 * weekday; decision 063 says why "karta" needed none.)
 */
const RESERVED_EVENT_SLUGS: readonly string[] = [...Object.values(WEEKDAY_SLUGS), CITY_MAP_SLUG];

/**
 * A free slug for a title in a city: the title's slug, or with -2, -3 … when taken or reserved.
 * Call it inside the transaction that writes the slug: it holds the city's slug lock until that transaction
 * ends, so parallel saves in one city pick their slugs one after the other and never the same one.
 */
export async function findFreeEventSlug(tx: Db, city: CityName, title: string, exceptId?: string) {
  await lockSlugScope(tx, `events:${city}`);
  const base = slugify(title) || "quiz";
  const rows = await tx
    .select({ id: events.id, slug: events.slug })
    .from(events)
    .where(and(eq(events.city, city), or(eq(events.slug, base), like(events.slug, `${base}-%`))));
  return uniqueSlug(base, [
    ...RESERVED_EVENT_SLUGS,
    ...rows.filter((r) => r.id !== exceptId).map((r) => r.slug),
  ]);
}

/** Inserts an event under the first free slug of its title in its city (one transaction). */
export async function createEvent(db: Db, input: NewEventInput): Promise<EventRow> {
  const created = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const slug = await findFreeEventSlug(tx, input.city, input.title);
    const teamSize = input.maxPersonsPerTeam ?? null;
    const rows = await tx
      .insert(events)
      .values({
        ...input,
        slug,
        eventType: "quiz",
        tags: input.tags ?? ["Quiz"],
        maxPersonsPerTeam: teamSize,
        maxAttendees: teamSize === null ? null : teamSize * 10,
        recurrence: input.recurrence ?? "weekly",
        recurrenceAnchor:
          input.recurrenceAnchor ?? defaultAnchor(input.startTime, input.createdAt ?? new Date()),
        recurrenceWeek:
          input.recurrence === "monthly" ? (input.recurrenceWeek ?? defaultMonthWeek(input.startTime)) : null,
        schedules: input.schedules?.length ? input.schedules : null,
        createdAt: input.createdAt ?? new Date(),
        updatedAt: input.createdAt ?? new Date(),
        // A new listing is as true as it will ever be the moment it is saved.
        lastConfirmedAt: input.createdAt ?? new Date(),
      })
      .returning();
    return onlyRow(rows);
  });
  contentChanged("events");
  return created;
}

/** Ids of the three events with the most beers; ties go to the older event. */
async function findTopRanks(db: Db): Promise<Map<string, 1 | 2 | 3>> {
  const rows = await db
    .select({ id: events.id })
    .from(events)
    .where(gt(events.beerCounter, 0))
    .orderBy(desc(events.beerCounter), asc(events.createdAt))
    .limit(3);
  return new Map(rows.map((r, i) => [r.id, (i + 1) as 1 | 2 | 3]));
}

/** Every event's beer counter (with what the top-3 ranking breaks ties on), for the listing's counts. */
export async function listEventCounters(db: Db) {
  return db
    .select({ id: events.id, beerCounter: events.beerCounter, createdAt: events.createdAt })
    .from(events);
}

/** Cancelled and extra dates and breaks by event id (all events, or the given ones), oldest first. */
export async function listExceptionsByEvent(db: Db, eventIds?: string[]) {
  const rows = await db
    .select()
    .from(eventExceptions)
    .where(eventIds ? inArray(eventExceptions.eventId, eventIds) : undefined)
    .orderBy(asc(eventExceptions.date), asc(eventExceptions.kind));
  const byEvent = new Map<string, RuleException[]>();
  for (const r of rows) {
    const list = byEvent.get(r.eventId) ?? [];
    const kind = r.kind as RuleException["kind"];
    list.push({
      date: r.date,
      kind,
      time: r.time,
      note: r.note,
      ...(r.endDate ? { endDate: r.endDate } : {}),
    });
    byEvent.set(r.eventId, list);
  }
  return byEvent;
}

/** Rows in the client shape, each with its current rank and its cancelled and extra dates. */
async function toViews(db: Db, rows: EventRow[], now: Date): Promise<EventView[]> {
  pageShows("events");
  if (!rows.length) return [];
  const [ranks, exceptions] = await Promise.all([
    findTopRanks(db),
    listExceptionsByEvent(db, rows.length > 50 ? undefined : rows.map((r) => r.id)),
  ]);
  return rows.map((r) => toEventView(r, now, ranks, exceptions.get(r.id) ?? []));
}

/**
 * Every event's time-independent shape, newest first: one read of events and one of exceptions, ranks
 * computed from the rows themselves. What the event-list cache keeps (decision 020).
 */
export async function listEventBases(db: Db): Promise<EventBase[]> {
  const [rows, exceptions] = await Promise.all([listEvents(db), listExceptionsByEvent(db)]);
  const ranks = computeTopRanks(rows);
  return rows.map((r) => toEventBase(r, ranks, exceptions.get(r.id) ?? []));
}

/** One event by id in the client shape, or null. */
export async function findEventViewById(db: Db, id: string, now = new Date()): Promise<EventView | null> {
  const [row] = await db.select().from(events).where(eq(events.id, id));
  return row ? toView(db, row, now) : null;
}

/** One row (just written, say) in the client shape. */
export async function toView(db: Db, row: EventRow, now = new Date()): Promise<EventView> {
  return onlyRow(await toViews(db, [row], now));
}

/** When the event was last confirmed (ISO), or null. */
export async function findLastConfirmedAt(db: Db, id: string): Promise<string | null> {
  const [row] = await db.select({ at: events.lastConfirmedAt }).from(events).where(eq(events.id, id));
  return row?.at ? row.at.toISOString() : null;
}

/** City and slug of every listed event with its last change, for the sitemap. */
export async function listEventPaths(db: Db) {
  return db
    .select({ city: events.city, slug: events.slug, updatedAt: events.updatedAt })
    .from(events)
    .where(isNull(events.endedReportedAt))
    .orderBy(asc(events.city), asc(events.slug));
}
