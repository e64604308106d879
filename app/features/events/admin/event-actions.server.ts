import type { Db } from "~/lib/db.server";
import { type FieldErrors, fieldErrorsOf } from "~/lib/form-errors";
import type { EventView } from "../event-view";
import { findEventViewById, toView } from "../events.server";
import { exceptionSchema, removeExceptionSchema } from "./event-exception-rules";
import { removeException, saveException } from "./event-exceptions.server";
import { type EventFormValues, submittedFormValues } from "./event-form-rules";
import { createEventFromForm, deleteEvent, updateEventFromForm } from "./event-mutations.server";
import { parseEventForm, readEventPostBody } from "./event-request.server";

/** What an admin does from the event form: save it, delete the event, cancel or add a night, undo that. */
type EventIntent = "save" | "delete" | "save-exception" | "remove-exception";

export type EventActionResult =
  | { ok: true; intent: EventIntent; event: EventView | null }
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

const INTENTS: readonly EventIntent[] = ["save", "delete", "save-exception", "remove-exception"];
const EVENT_MISSING = "Eventet finns inte";

function fail(
  intent: EventActionResult["intent"],
  status: number,
  formError: string | null,
  fieldErrors: FieldErrors = {},
  values?: EventFormValues,
): EventActionAnswer {
  return {
    result: { ok: false, intent, fieldErrors, formError, imageFailed: Boolean(fieldErrors.image), values },
    status,
  };
}

/**
 * How the caller runs a change to an existing event: by default as it is; a route may wrap it (in a
 * transaction that also tells the event's followers, say), handing the change the database to write with.
 */
type AroundChange = <T>(eventId: string, change: (db: Db) => Promise<T>) => Promise<T>;

type ActionOptions = { createdBy: string | null; now: Date; aroundChange?: AroundChange };

const asItIs =
  (db: Db): AroundChange =>
  (_eventId, change) =>
    change(db);

const formText = (form: FormData) => (name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v : undefined;
};

/**
 * Every write of the event form, validated on the server with the form's own schemas. `eventId` is null when
 * the form adds an event. The mutations are those of the JSON endpoints, so the page cache and the image
 * lifecycle are kept the same way.
 */
export async function handleEventAction(
  db: Db,
  request: Request,
  eventId: string | null,
  options: ActionOptions,
): Promise<EventActionAnswer> {
  const around = options.aroundChange ?? asItIs(db);
  const body = await readEventPostBody(request);
  if (!(body instanceof FormData)) return fail("save", body.status, null, body.fieldErrors);
  const intentText = String(body.get("intent") ?? "save");
  const intent = INTENTS.find((i) => i === intentText);
  if (!intent) return fail("unknown", 400, "Okänd åtgärd");
  if (intent === "save") return saveEvent(db, body, eventId, options);
  if (!eventId) return fail(intent, 404, EVENT_MISSING);
  if (intent === "delete") {
    return (await deleteEvent(db, eventId))
      ? { result: { ok: true, intent, event: null }, status: 200 }
      : fail(intent, 404, EVENT_MISSING);
  }
  const text = formText(body);
  if (intent === "save-exception") {
    const parsed = exceptionSchema.safeParse({
      kind: text("kind"),
      date: text("date"),
      time: text("time"),
      note: text("note"),
    });
    if (!parsed.success)
      return fail(intent, 400, parsed.error.issues[0]?.message ?? null, fieldErrorsOf(parsed.error));
    const data = parsed.data;
    const saved = await around(eventId, (tx) => saveException(tx, eventId, data, options.now));
    if (!saved.ok) return fail(intent, saved.status, saved.error);
  } else {
    const parsed = removeExceptionSchema.safeParse({ kind: text("kind"), date: text("date") });
    if (!parsed.success)
      return fail(intent, 400, parsed.error.issues[0]?.message ?? null, fieldErrorsOf(parsed.error));
    const { date, kind } = parsed.data;
    if (!(await around(eventId, (tx) => removeException(tx, eventId, date, kind))))
      return fail(intent, 404, "Datumet finns inte");
  }
  const event = await findEventViewById(db, eventId, options.now);
  return event ? { result: { ok: true, intent, event }, status: 200 } : fail(intent, 404, EVENT_MISSING);
}

async function saveEvent(
  db: Db,
  form: FormData,
  eventId: string | null,
  options: ActionOptions,
): Promise<EventActionAnswer> {
  const parsed = await parseEventForm(form);
  if (!parsed.ok) return fail("save", parsed.status, null, parsed.fieldErrors, submittedFormValues(form));
  try {
    const around = options.aroundChange ?? asItIs(db);
    const row = eventId
      ? await around(eventId, (tx) =>
          updateEventFromForm(tx, eventId, parsed.input, { imageUrl: parsed.imageUrl }),
        )
      : await createEventFromForm(db, parsed.input, {
          imageUrl: parsed.imageUrl,
          createdBy: options.createdBy,
        });
    if (!row) {
      await parsed.discardImage();
      return fail("save", 404, EVENT_MISSING);
    }
    return {
      result: { ok: true, intent: "save", event: await toView(db, row, options.now) },
      status: eventId ? 200 : 201,
    };
  } catch (error) {
    await parsed.discardImage();
    throw error;
  }
}
