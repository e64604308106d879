import { Trash2 } from "lucide-react";
import { type FormEvent, type InputHTMLAttributes, useId, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Field, Input, labelClasses, Select, Textarea } from "~/components/ui/field";
import { toast } from "~/components/ui/toast";
import { ApiError, apiErrorMessage, apiFetch } from "~/lib/api-client";
import { CITY_NAMES, type CityName } from "~/lib/cities";
import type { EventView, Recurrence } from "../event-view";
import { EventDatesEditor } from "./event-dates-editor";
import {
  DEFAULT_SCHEDULE,
  defaultFormValues,
  type EventFormValues,
  formValuesFromEvent,
  isPhoneNumber,
  PHONE_INVALID,
  PHONE_MAX_LENGTH,
  QUIZ_TYPES,
  RECURRENCE_LABELS,
  suggestedAnchor,
  TEAM_SIZE_OPTIONS,
  TITLE_REQUIRED,
  toggleQuizType,
} from "./event-form-rules";
import { EventImageField } from "./event-image-field";
import { EventScheduleFields } from "./event-schedule-fields";
import { RecurrenceFields } from "./recurrence-fields";

export const DELETE_CONFIRMATION = "Är du säker på att du vill ta bort detta quiz? Detta kan inte ångras.";

/** The form's plain text fields: their input's name is the key in the form values. */
type TextKey = {
  [K in keyof EventFormValues]: string extends EventFormValues[K] ? K : never;
}[keyof EventFormValues];

/**
 * 'Lägg till Quiz Manuellt' / 'Redigera Quiz' (spec §2, §4, §5). Posts multipart to the admin API, which
 * re-validates everything; `onSaved` receives the stored event in its client shape.
 */
export function EventForm({
  event,
  onSaved,
  onCancel,
  onDelete,
  onDatesChanged,
}: {
  event?: EventView;
  onSaved: (event: EventView) => void;
  onCancel: () => void;
  onDelete?: () => Promise<boolean>;
  /** A night was cancelled or added (saved at once, apart from the form). */
  onDatesChanged?: (event: EventView) => void;
}) {
  const id = useId();
  const isEdit = Boolean(event);
  const [values, setValues] = useState<EventFormValues>(() =>
    event ? formValuesFromEvent(event) : defaultFormValues(),
  );
  const [isSaving, setIsSaving] = useState(false);
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const set = <K extends keyof EventFormValues>(key: K, value: EventFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  async function handleSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!values.title.trim()) {
      toast.error("Fel", { description: TITLE_REQUIRED });
      return;
    }
    if (!isPhoneNumber(values.phone)) {
      setError({ message: PHONE_INVALID, field: "phone" });
      document.getElementById(f("phone"))?.focus();
      toast.error("Fel", { description: PHONE_INVALID });
      return;
    }
    const body = new FormData(e.currentTarget);
    setIsSaving(true);
    setError(null);
    try {
      const { event: saved } = await apiFetch<{ event: EventView }>(
        event ? `/api/admin/events/${event.id}` : "/api/admin/events",
        { method: event ? "PATCH" : "POST", body },
      );
      toast.success("Framgång!", { description: isEdit ? "Quiz har uppdaterats" : "Quiz har lagts till" });
      setValues(defaultFormValues());
      formRef.current?.reset();
      onSaved(saved);
    } catch (err) {
      const message = apiErrorMessage(err, "Ett oväntat fel inträffade");
      setError({ message, field: err instanceof ApiError ? err.field : undefined });
      toast.error("Fel", { description: "Kunde inte ladda upp bilden" });
      console.warn("event save failed", err);
    } finally {
      setIsSaving(false);
    }
  }

  const f = (name: string) => `${id}-${name}`;
  const textField = (
    name: TextKey,
    label: string,
    input: InputHTMLAttributes<HTMLInputElement> = {},
    hint?: string,
  ) => (
    <Field id={f(name)} label={label} hint={hint}>
      <Input name={name} value={values[name]} onChange={(e) => set(name, e.target.value)} {...input} />
    </Field>
  );

  return (
    <form ref={formRef} onSubmit={handleSubmit} className="space-y-5" aria-busy={isSaving}>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          {textField("title", "Titel", { maxLength: 200, autoComplete: "off" })}
        </div>
        <div className="sm:col-span-2">
          <Field id={f("description")} label="Beskrivning" hint="Lämnas den tom blir den ”Quiz på {titel}”.">
            <Textarea
              name="description"
              rows={3}
              value={values.description}
              onChange={(e) => set("description", e.target.value)}
              maxLength={2000}
            />
          </Field>
        </div>
        <div className="sm:col-span-2">
          <EventImageField
            id={f("image")}
            event={event}
            errorId={error?.field === "image" ? f("error") : undefined}
          />
        </div>
      </div>

      <EventScheduleFields
        schedules={values.schedules}
        idFor={f}
        isDisabled={isSaving}
        onChange={(schedules) => set("schedules", schedules)}
      />

      <div className="grid gap-4 sm:grid-cols-2">
        {textField(
          "location",
          "Plats",
          { maxLength: 200 },
          isEdit ? "Tom behåller nuvarande plats." : "Tom blir staden.",
        )}
        {textField(
          "streetAddress",
          "Gatuadress",
          { maxLength: 200, autoComplete: "off" },
          "Visas med en kartlänk.",
        )}
        {textField("locationUrl", "Länk till plats (karta)", { type: "url", placeholder: "https://" })}
        <Field id={f("city")} label="Stad">
          <Select name="city" value={values.city} onChange={(e) => set("city", e.target.value as CityName)}>
            {CITY_NAMES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </Select>
        </Field>
        <fieldset>
          <legend className={labelClasses}>Typ av quiz</legend>
          <div className="mt-2 flex gap-4">
            {QUIZ_TYPES.map((type) => (
              <label key={type} className="inline-flex min-h-10 items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name="quizType"
                  value={type}
                  className="size-4 accent-brand-600"
                  checked={values.quizType.includes(type)}
                  onChange={(e) => set("quizType", toggleQuizType(values.quizType, type, e.target.checked))}
                />
                {type}
              </label>
            ))}
          </div>
        </fieldset>
        {textField("email", "E-post", { type: "email" })}
        {textField("phone", "Telefon", {
          type: "tel",
          inputMode: "tel",
          autoComplete: "off",
          maxLength: PHONE_MAX_LENGTH,
          "aria-invalid": error?.field === "phone" || undefined,
          "aria-describedby": error?.field === "phone" ? f("error") : undefined,
        })}
        {textField("website", "Webbplats", { type: "url", placeholder: "https://" })}
        {textField("instagram", "Instagram")}
        <Field id={f("team")} label="Max personer per lag">
          <Select
            name="maxPersonsPerTeam"
            value={values.maxPersonsPerTeam}
            onChange={(e) => set("maxPersonsPerTeam", e.target.value)}
          >
            {TEAM_SIZE_OPTIONS.map((size) => (
              <option key={size} value={size}>
                {size === "-" ? "- (okänt)" : size}
              </option>
            ))}
          </Select>
        </Field>
        <Field id={f("recurrence")} label="Hur ofta">
          <Select
            name="recurrence"
            value={values.recurrence}
            onChange={(e) => {
              const recurrence = e.target.value as Recurrence;
              setValues((v) => ({
                ...v,
                recurrence,
                // "Nästa gång" starts at the first row's next night, which the admin can move.
                recurrenceAnchor:
                  v.recurrenceAnchor ||
                  (recurrence === "biweekly" ? suggestedAnchor(v.schedules[0] ?? DEFAULT_SCHEDULE) : ""),
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
          values={values}
          idFor={f}
          invalidField={error?.field}
          onChange={(patch) => setValues((v) => ({ ...v, ...patch }))}
        />
      </div>
      {event ? <EventDatesEditor event={event} onChanged={onDatesChanged} /> : null}

      {error ? (
        <p
          id={f("error")}
          role="alert"
          className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"
        >
          {error.message}
        </p>
      ) : null}

      <div className="flex flex-col-reverse gap-2 border-t border-stone-200 pt-4 sm:flex-row sm:items-center dark:border-stone-800">
        {event && onDelete ? (
          <Button
            variant="destructive"
            disabled={isSaving}
            onClick={() => setConfirmOpen(true)}
            className="sm:mr-auto"
          >
            <Trash2 className="size-4" aria-hidden /> Ta bort
          </Button>
        ) : null}
        <Button variant="secondary" disabled={isSaving} onClick={onCancel} className="sm:ml-auto">
          Avbryt
        </Button>
        <Button type="submit" disabled={isSaving}>
          {isSaving ? "Laddar upp..." : isEdit ? "Spara ändringar" : "Lägg till quiz"}
        </Button>
      </div>
      {event && onDelete ? (
        <ConfirmDialog
          open={confirmOpen}
          onOpenChange={setConfirmOpen}
          title="Ta bort quiz"
          description={DELETE_CONFIRMATION}
          confirmLabel="Ta bort"
          onConfirm={async () => {
            setIsSaving(true);
            const deleted = await onDelete();
            if (!deleted) setIsSaving(false);
          }}
        />
      ) : null}
    </form>
  );
}
