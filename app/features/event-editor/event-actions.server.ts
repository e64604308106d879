import type { z } from "zod";
import type { ChangeFailure, ChangeOptions, ChangeResult } from "~/features/event-history/public";
import { exceptionSchema, readDatesForm, removeExceptionSchema } from "~/features/event-nights/public";
import { changeDates, changeNight, type NightChange } from "~/features/event-nights/public.server";
import type { EventView } from "~/features/events/public";
import { type EventRow, findEventViewById, toView } from "~/features/events/public.server";
import { placeSavedEvent } from "~/features/places/public.server";
import { AppError, formFailure } from "~/lib/app-error";
import type { Db } from "~/lib/db.server";
import { type FieldErrors, fieldErrorsOf } from "~/lib/form-errors";
import type { EventFormValues } from "./event-form-schema";
import { submittedFormValues } from "./event-form-schema";
import { createEventFromForm, deleteEvent, updateEventFromForm } from "./event-mutations.server";
import { type ParsedEventForm, parseEventForm, readEventPostBody } from "./event-request.server";
import { keepLockedFields } from "./host-locked-fields";

/**
 * What an admin does from the event form: save it, delete the event, cancel or add a night, undo that, or
 * save the dates editor's collected changes (`save-dates`).
 */
type EventIntent = "save" | "delete" | "save-exception" | "remove-exception" | "save-dates";

export type EventActionResult =
  | {
      ok: true;
      intent: EventIntent;
      event: EventView | null;
      /** A save that went through with something to tell (the address could not be placed on the map). */
      notice?: string | null;
    }
  | {
      ok: false;
      intent: EventIntent | "unknown";
      fieldErrors: FieldErrors;
      formError: string | null;
      /** The post reached the server but its image was refused (type, size, storage): only then did the upload fail. */
      imageFailed: boolean;
      /** A refused save: what was posted, for a page posted without JavaScript to show again. */
      values?: EventFormValues;
    };

export type EventActionAnswer = { result: EventActionResult; status: number };

const INTENTS: readonly EventIntent[] = [
  "save",
  "delete",
  "save-exception",
  "remove-exception",
  "save-dates",
];
const EVENT_MISSING = "Eventet finns inte";

/**
 * Who is changing the event, as the route checked it: an admin may do everything; an event's host may
 * change an existing event's times, texts, image and contact and its nights, but not delete it, and its
 * name, city and place are kept from the stored event whatever was posted (HOST_LOCKED_FIELDS).
 */
export type EventEditorRole = "admin" | "host";

function fail(
  intent: EventActionResult["intent"],
  error: AppError,
  values?: EventFormValues,
): EventActionAnswer {
  const failure = formFailure(error, { intent, values });
  return { result: { ...failure, imageFailed: Boolean(failure.fieldErrors.image) }, status: error.status };
}

/** A stored save, with the note for the editor when its address could not be placed on the map. */
export type SaveResult = { ok: true; event: EventView; notice: string | null } | ChangeFailure;

const missing = () => new AppError("not-found", { message: EVENT_MISSING });

/**
 * Saves a form that passed `parseEventForm`: adds an event (`eventId` null) or updates one. The stored image
 * is discarded when the event is gone or the write fails. Once the save has committed, an address without a
 * position is looked up in the geocoder (features/places): whatever the geocoder does, the save stands.
 */
export async function saveParsedEvent(
  db: Db,
  parsed: ParsedEventForm & { ok: true },
  eventId: string | null,
  options: ChangeOptions & { createdBy: string | null },
): Promise<SaveResult> {
  let row: EventRow | null;
  try {
    row = eventId
      ? await options.aroundChange(db, eventId, options.now, (tx) =>
          updateEventFromForm(tx, eventId, parsed.input, {
            imageUrl: parsed.imageUrl,
            actor: options.actor,
            now: options.now,
          }),
        )
      : await createEventFromForm(db, parsed.input, {
          imageUrl: parsed.imageUrl,
          createdBy: options.createdBy,
          now: options.now,
          actor: options.actor,
        });
  } catch (error) {
    await parsed.discardImage();
    throw error;
  }
  if (!row) {
    await parsed.discardImage();
    return { ok: false, error: missing() };
  }
  const { placed, notice } = await placeSavedEvent(db, row);
  const stored = placed ? { ...row, ...placed } : row;
  return { ok: true, event: await toView(db, stored, options.now), notice };
}

const formText = (form: FormData) => (name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v : undefined;
};

/**
 * Every write of the event form, validated on the server with the form's own schemas. `eventId` is null when
 * the form adds an event. The changes are those of the JSON endpoints, so the page cache, the image
 * lifecycle and the followers' alerts are kept the same way.
 */
export async function handleEventAction(
  db: Db,
  request: Request,
  eventId: string | null,
  options: ChangeOptions & { createdBy: string | null; role?: EventEditorRole },
): Promise<EventActionAnswer> {
  const body = await readEventPostBody(request);
  if (!(body instanceof FormData)) return fail("save", body.error);
  const intentText = String(body.get("intent") ?? "save");
  const intent = INTENTS.find((i) => i === intentText);
  if (!intent) return fail("unknown", new AppError("bad-request", { message: "Okänd åtgärd" }));
  if (options.role === "host") {
    if (intent === "delete" || !eventId) return fail(intent, new AppError("forbidden"));
    if (intent === "save") {
      const stored = await findEventViewById(db, eventId, options.now);
      if (!stored) return fail(intent, missing());
      keepLockedFields(body, stored);
    }
  }
  if (intent === "save") {
    const parsed = await parseEventForm(body);
    if (!parsed.ok) return fail(intent, parsed.error, submittedFormValues(body));
    const saved = await saveParsedEvent(db, parsed, eventId, options);
    return answer(intent, saved, eventId ? 200 : 201);
  }
  if (!eventId) return fail(intent, missing());
  if (intent === "delete") {
    return (await deleteEvent(db, eventId))
      ? { result: { ok: true, intent, event: null }, status: 200 }
      : fail(intent, missing());
  }
  if (intent === "save-dates") {
    const read = readDatesForm(body);
    if (!read.ok) return fail(intent, new AppError("bad-request", { fieldErrors: read.fieldErrors }));
    return answer(intent, await changeDates(db, eventId, read.changes, options), 200);
  }
  const text = formText(body);
  let change: NightChange;
  if (intent === "save-exception") {
    const parsed = exceptionSchema.safeParse({
      kind: text("kind"),
      date: text("date"),
      time: text("time"),
      note: text("note"),
    });
    if (!parsed.success) return invalid(intent, parsed.error);
    change = { save: parsed.data };
  } else {
    const parsed = removeExceptionSchema.safeParse({ kind: text("kind"), date: text("date") });
    if (!parsed.success) return invalid(intent, parsed.error);
    change = { remove: parsed.data };
  }
  return answer(intent, await changeNight(db, eventId, change, options), 200);
}

const invalid = (intent: EventIntent, error: z.ZodError) =>
  fail(intent, new AppError("bad-request", { fieldErrors: fieldErrorsOf(error) }));

function answer(intent: EventIntent, result: ChangeResult | SaveResult, status: number): EventActionAnswer {
  const notice = result.ok && "notice" in result ? result.notice : null;
  return result.ok
    ? { result: { ok: true, intent, event: result.event, notice }, status }
    : fail(intent, result.error);
}
