import { useCallback, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Field, Select, Textarea } from "~/components/ui/field";
import { toast } from "~/components/ui/toast";
import { type DatesEditorHandle, EventDatesEditor } from "~/features/event-nights/public";
import type { EventView, Recurrence } from "~/features/events/public";
import { DEFAULT_SCHEDULE } from "~/features/events/public";
import { useImageSizeGuard } from "~/features/images/public";
import { type FieldErrors, firstErrorOf } from "~/lib/form-errors";
import { useActionResult } from "~/lib/use-action-result";
import { useValidatedForm } from "~/lib/use-validated-form";
import type { EventActionResult } from "./event-actions.server";
import { EventDetailFields, EventTitleField } from "./event-detail-fields";
import { EventFactFields } from "./event-fact-fields";
import { EventFormFooter } from "./event-form-footer";
import {
  defaultFormValues,
  formValuesFromEvent,
  RECURRENCE_LABELS,
  suggestedAnchor,
} from "./event-form-rules";
import { type EventFormValues, readEventForm } from "./event-form-schema";
import { EventImageField } from "./event-image-field";
import { EventScheduleFields } from "./event-schedule-fields";
import { RecurrenceFields } from "./recurrence-fields";
import { eventFormAction, useDeleteEvent } from "./use-delete-event";

/** What steers the form's own layout; everything else lives in the inputs until the form is posted. */
type RuleState = Pick<EventFormValues, "schedules" | "recurrence" | "recurrenceAnchor" | "recurrenceWeek">;

const imageFailedToast = () => toast.error("Fel", { description: "Kunde inte ladda upp bilden" });

/** The spec's toast for a failed save names the image only when the image is what failed. */
function failureToast(result: Extract<EventActionResult, { ok: false }>) {
  if (result.imageFailed) imageFailedToast();
  else toast.error("Fel", { description: firstErrorOf(result) ?? "Ett oväntat fel inträffade" });
}

/**
 * 'Lägg till Quiz Manuellt' / 'Redigera Quiz'. Validated in the browser with the schema the
 * action uses, then posted to the event editor's action; errors appear at their fields. `onSaved` and
 * `onDeleted` hear of a stored change (the pages' data is reloaded by the router itself).
 */
export function EventForm({
  event,
  result: pageResult,
  onSaved,
  onCancel,
  onDeleted,
  today,
  host = false,
  action,
  prefill,
}: {
  event?: EventView;
  /** A host's form: the event's name, city and place are shown but not editable, and there is no delete. */
  host?: boolean;
  /** Where the form and its dates editor post, when not the event editor route (the host's page). */
  action?: string;
  /** Stockholm's date by the server's clock, for the dates editor's six-month window. */
  today?: string;
  /** A new event's fields to start from (a visitor's suggestion), over the defaults. */
  prefill?: Partial<EventFormValues>;
  /** The action's answer when the page itself was posted (without JavaScript). */
  result?: EventActionResult;
  onSaved?: (event: EventView) => void;
  onCancel?: () => void;
  onDeleted?: () => void;
}) {
  const id = useId();
  const fetcher = useFetcher<EventActionResult>();
  const isEdit = Boolean(event);
  // A page posted without JavaScript shows what was posted again; otherwise the event or the defaults.
  const initial =
    (pageResult && !pageResult.ok && pageResult.values) ||
    (event ? formValuesFromEvent(event) : { ...defaultFormValues(), ...prefill });
  const [rule, setRule] = useState<RuleState>(initial);
  const deletion = useDeleteEvent(event ?? { id: "" }, onDeleted);
  const isSaving = fetcher.state !== "idle" || deletion.isDeleting;
  // The dates editor's answers are its own.
  const result = fetcher.data ?? (pageResult?.intent === "save-dates" ? undefined : pageResult);
  const serverErrors: FieldErrors | null = result && !result.ok ? result.fieldErrors : null;
  const {
    formRef,
    errors: checkedErrors,
    onSubmit,
  } = useValidatedForm({
    validate: readEventForm,
    serverErrors,
    onInvalid: (found) =>
      toast.error("Fel", { description: firstErrorOf({ fieldErrors: found, formError: null }) ?? "" }),
  });
  // A file over the upload limit is refused before posting (the server would refuse the whole body).
  const [tooLarge, setTooLarge] = useState<string | null>(null);
  const guardImageSize = useImageSizeGuard(
    useCallback((message: string) => {
      setTooLarge(message);
      imageFailedToast();
    }, []),
  );
  const errors = tooLarge ? { ...checkedErrors, image: tooLarge } : checkedErrors;
  // The dates editor saves with its own 'Spara': this form refuses to save past its unsaved changes.
  const datesEditor = useRef<DatesEditorHandle>(null);

  useActionResult(fetcher.data, (answer) => {
    if (!answer.ok) return failureToast(answer);
    toast.success("Framgång!", { description: isEdit ? "Quiz har uppdaterats" : "Quiz har lagts till" });
    // The save stands; only its place on the map is missing (the geocoder is down, slow or found nothing).
    if (answer.intent === "save" && answer.notice) toast("Utan position", { description: answer.notice });
    // A form that stays open after adding an event starts empty again, so a second click adds nothing twice.
    if (!isEdit) {
      formRef.current?.reset();
      setRule(defaultFormValues());
    }
    if (answer.event) onSaved?.(answer.event);
  });

  const failure = result && !result.ok ? result : null;
  // The errors shown (the browser's from a refused submit, else the action's), then what no field caused.
  const summary = firstErrorOf({ fieldErrors: errors, formError: failure?.formError ?? null });
  const f = (name: string) => `${id}-${name}`;
  const postTo = action ?? eventFormAction(event);

  // A host comes for the nights first: on their page the dates editor leads, the details follow.
  const datesPart = event ? (
    <EventDatesEditor ref={datesEditor} event={event} action={postTo} today={today} result={pageResult} />
  ) : null;
  return (
    <>
      {host ? datesPart : null}
      <fetcher.Form
        ref={formRef}
        method="post"
        encType="multipart/form-data"
        action={postTo}
        onSubmit={(submit) => {
          if (datesEditor.current?.holdsUnsaved()) {
            submit.preventDefault();
            datesEditor.current.warnUnsaved();
            return;
          }
          setTooLarge(null);
          guardImageSize(submit);
          if (!submit.defaultPrevented) onSubmit(submit);
        }}
        noValidate
        className="space-y-5"
        aria-busy={isSaving}
      >
        <input type="hidden" name="intent" value="save" />
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <EventTitleField initial={initial} errors={errors} idFor={f} host={host} />
          </div>
          <div className="sm:col-span-2">
            <Field
              id={f("description")}
              label="Beskrivning"
              hint="Lämnas den tom blir den ”Quiz på {titel}”."
              error={errors.description}
            >
              <Textarea name="description" rows={3} defaultValue={initial.description} maxLength={2000} />
            </Field>
          </div>
          <div className="sm:col-span-2">
            <EventImageField id={f("image")} event={event} error={errors.image} />
          </div>
        </div>

        <EventScheduleFields
          schedules={rule.schedules}
          idFor={f}
          isDisabled={isSaving}
          error={errors.schedules}
          onChange={(schedules) => setRule((r) => ({ ...r, schedules }))}
        />

        <div className="grid gap-4 sm:grid-cols-2">
          <EventDetailFields initial={initial} errors={errors} idFor={f} host={host} isEdit={isEdit} />
          <Field id={f("recurrence")} label="Hur ofta" error={errors.recurrence}>
            <Select
              name="recurrence"
              value={rule.recurrence}
              onChange={(e) => {
                const recurrence = e.target.value as Recurrence;
                setRule((r) => ({
                  ...r,
                  recurrence,
                  // "Nästa gång" starts at the first row's next night, which the admin can move.
                  recurrenceAnchor:
                    r.recurrenceAnchor ||
                    (recurrence === "biweekly" ? suggestedAnchor(r.schedules[0] ?? DEFAULT_SCHEDULE) : ""),
                }));
              }}
            >
              {Object.entries(RECURRENCE_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </Select>
          </Field>
          <RecurrenceFields
            values={rule}
            idFor={f}
            errors={errors}
            onChange={(patch) => setRule((r) => ({ ...r, ...patch }))}
          />
        </div>
        <EventFactFields initial={initial} errors={errors} idFor={f} />

        <EventFormFooter
          summary={summary}
          summaryId={f("error")}
          isEdit={isEdit}
          canDelete={isEdit && !host}
          isSaving={isSaving}
          onCancel={onCancel}
          onDelete={deletion.remove}
        />
      </fetcher.Form>
      {/* A form of its own beside the event form, never inside it: its fields and Enter post only it. */}
      {host ? null : datesPart}
    </>
  );
}
