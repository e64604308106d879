import { eq } from "drizzle-orm";
import { events } from "~/db/schema";
import type { EventActor } from "~/features/event-history/public";
import { CREATED_FIELD, diffEventRows } from "~/features/event-history/public";
import { recordEventChanges } from "~/features/event-history/public.server";
import { startTimeFor } from "~/features/events/public";
import { createEvent, type EventRow, findFreeEventSlug } from "~/features/events/public.server";
import { releaseImages } from "~/features/images/public.server";
import { contentChanged } from "~/lib/content-changes.server";
import type { Db } from "~/lib/db.server";
import type { EventFormInput } from "./event-form-schema";
import {
  descriptionFor,
  factFields,
  locationFields,
  locationFieldsForEdit,
  ruleFieldsFor,
} from "./event-row-fields";

/** Create, update and delete of events by an admin or a host; creates and updates are recorded in the history. */

export async function createEventFromForm(
  db: Db,
  input: EventFormInput,
  options: { imageUrl: string | null; createdBy: string | null; actor: EventActor; now?: Date },
): Promise<EventRow> {
  const now = options.now ?? new Date();
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const row = await insertFromForm(tx, input, options, now);
    await recordEventChanges(
      tx,
      row.id,
      options.actor,
      [{ field: CREATED_FIELD, before: null, after: { title: row.title } }],
      now,
    );
    return row;
  });
}

function insertFromForm(
  db: Db,
  input: EventFormInput,
  options: { imageUrl: string | null; createdBy: string | null },
  now: Date,
): Promise<EventRow> {
  return createEvent(db, {
    title: input.title,
    description: descriptionFor(input),
    imageUrl: options.imageUrl,
    ...locationFields(input),
    city: input.city,
    startTime: startTimeFor(input, now),
    tags: input.quizType,
    createdBy: options.createdBy,
    maxPersonsPerTeam: input.maxPersonsPerTeam,
    phone: input.phone,
    email: input.email,
    website: input.website,
    instagram: input.instagram,
    recurrence: input.recurrence,
    ...ruleFieldsFor(input, now),
    streetAddress: input.streetAddress,
    schedules: input.schedules,
    ...factFields(input),
    createdAt: now,
  });
}

/**
 * Updates an event; returns null when it does not exist. Each field that changed is recorded with the actor
 * in the same transaction. A new image replaces the old one, which is removed from storage once the update
 * has committed (unless another row still shows it).
 */
export async function updateEventFromForm(
  db: Db,
  id: string,
  input: EventFormInput,
  options: { imageUrl: string | null; actor: EventActor; now?: Date },
): Promise<EventRow | null> {
  const now = options.now ?? new Date();
  const saved = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    // Locked, so two parallel saves of one event each see the image the other replaced.
    const [previous] = await tx.select().from(events).where(eq(events.id, id)).for("update");
    if (!previous) return null;
    const slug =
      previous.title === input.title && previous.city === input.city
        ? previous.slug
        : await findFreeEventSlug(tx, input.city, input.title, id);
    const teamSize = input.maxPersonsPerTeam;
    const [row] = await tx
      .update(events)
      .set({
        title: input.title,
        slug,
        description: descriptionFor(input),
        ...(options.imageUrl ? { imageUrl: options.imageUrl } : {}),
        ...locationFieldsForEdit(input, previous),
        city: input.city,
        startTime: startTimeFor(input, now),
        tags: input.quizType,
        maxPersonsPerTeam: teamSize,
        maxAttendees: teamSize === null ? null : teamSize * 10,
        phone: input.phone,
        email: input.email,
        // A host's new address no longer approves claims by itself (claims.server.ts).
        ...(sameAddress(previous.email, input.email)
          ? {}
          : { emailSetByHost: options.actor.role === "host" }),
        website: input.website,
        instagram: input.instagram,
        recurrence: input.recurrence,
        ...ruleFieldsFor(input, now, previous),
        streetAddress: input.streetAddress,
        // A new address leaves the old one's position behind; the geocoder places the new one after the save.
        ...(sameStreet(previous, input) ? {} : { latitude: null, longitude: null }),
        schedules: input.schedules.length ? input.schedules : null,
        ...factFields(input),
        updatedAt: now,
        lastConfirmedAt: now,
      })
      .where(eq(events.id, id))
      .returning();
    if (row) await recordEventChanges(tx, id, options.actor, diffEventRows(previous, row), now);
    return row ? { row, replacedImage: options.imageUrl ? previous.imageUrl : null } : null;
  });
  if (saved) contentChanged("events");
  if (saved?.replacedImage) await releaseImages(db, [saved.replacedImage]);
  return saved?.row ?? null;
}

/**
 * Deletes an event; true when a row was removed. Its beer rows go with it (foreign-key cascade), and its
 * image once no other row shows it.
 */
export async function deleteEvent(db: Db, id: string): Promise<boolean> {
  const removed = await db
    .delete(events)
    .where(eq(events.id, id))
    .returning({ id: events.id, imageUrl: events.imageUrl });
  if (removed.length) contentChanged("events");
  await releaseImages(
    db,
    removed.map((r) => r.imageUrl),
  );
  return removed.length > 0;
}

const sameAddress = (a: string | null, b: string | null) =>
  (a ?? "").trim().toLowerCase() === (b ?? "").trim().toLowerCase();

/** Whether a save keeps the street address and city the stored position was found for. */
const sameStreet = (
  previous: { streetAddress: string | null; city: string },
  input: { streetAddress: string | null; city: string },
) => sameAddress(previous.streetAddress, input.streetAddress) && previous.city === input.city;
