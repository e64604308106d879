import { and, desc, eq, like, or } from "drizzle-orm";
import { events, type ScheduleEntry } from "~/db/schema";
import type { CityName } from "~/lib/cities";
import type { Db } from "~/lib/db.server";
import { slugify, uniqueSlug } from "~/lib/slug";

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
  schedules?: ScheduleEntry[] | null;
  beerCounter?: number;
  createdAt?: Date;
};

/** All events, newest first (spec §7). */
export async function listEvents(db: Db): Promise<EventRow[]> {
  return db.select().from(events).orderBy(desc(events.createdAt));
}

/** A free slug for a title in a city: the title's slug, or with -2, -3 … when taken (supplement). */
export async function findFreeEventSlug(db: Db, city: CityName, title: string, exceptId?: string) {
  const base = slugify(title) || "quiz";
  const rows = await db
    .select({ id: events.id, slug: events.slug })
    .from(events)
    .where(and(eq(events.city, city), or(eq(events.slug, base), like(events.slug, `${base}-%`))));
  return uniqueSlug(
    base,
    rows.filter((r) => r.id !== exceptId).map((r) => r.slug),
  );
}

export async function createEvent(db: Db, input: NewEventInput): Promise<EventRow> {
  const slug = await findFreeEventSlug(db, input.city, input.title);
  const teamSize = input.maxPersonsPerTeam ?? null;
  const [row] = await db
    .insert(events)
    .values({
      ...input,
      slug,
      eventType: "quiz",
      tags: input.tags ?? ["Quiz"],
      maxPersonsPerTeam: teamSize,
      maxAttendees: teamSize === null ? null : teamSize * 10,
      recurrence: input.recurrence ?? "weekly",
      schedules: input.schedules?.length ? input.schedules : null,
      createdAt: input.createdAt ?? new Date(),
      updatedAt: input.createdAt ?? new Date(),
    })
    .returning();
  return row;
}
