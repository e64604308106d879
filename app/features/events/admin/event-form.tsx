import { Plus, Trash2 } from "lucide-react";
import { type FormEvent, type InputHTMLAttributes, type ReactNode, useId, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/toast";
import { ApiError, apiErrorMessage, apiFetch } from "~/lib/api-client";
import { CITY_NAMES, type CityName } from "~/lib/cities";
import { WEEKDAYS, type Weekday } from "~/lib/time";
import { imageSources } from "../event-image";
import type { EventView, Recurrence } from "../event-view";
import { ConfirmDialog } from "./confirm-dialog";
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
import { RecurrenceFields } from "./recurrence-fields";

export const DELETE_CONFIRMATION = "Är du säker på att du vill ta bort detta quiz? Detta kan inte ångras.";

const inputClass =
  "mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm text-stone-900 placeholder:text-stone-500 focus:border-brand-600 dark:border-stone-700 dark:bg-stone-950 dark:text-stone-100 dark:placeholder:text-stone-400";
const labelClass = "block text-sm font-medium text-stone-800 dark:text-stone-200";
/** A weekday and a time share a row with the remove button: on phones a narrower padding lets both show whole. */
const scheduleInputClass = inputClass.replace("px-3 ", "px-2 sm:px-3 ");

function Field({
  label,
  htmlFor,
  children,
  hint,
}: {
  label: string;
  htmlFor: string;
  children: ReactNode;
  hint?: string;
}) {
  return (
    <div>
      <label htmlFor={htmlFor} className={labelClass}>
        {label}
      </label>
      {children}
      {hint ? <p className="mt-1 text-xs text-stone-600 dark:text-stone-400">{hint}</p> : null}
    </div>
  );
}

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

  function setSchedule(index: number, patch: Partial<{ weekday: Weekday; time: string }>) {
    setValues((v) => ({
      ...v,
      schedules: v.schedules.map((s, i) => (i === index ? { ...s, ...patch } : s)),
    }));
  }

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
    <Field label={label} htmlFor={f(name)} hint={hint}>
      <input
        id={f(name)}
        name={name}
        className={inputClass}
        value={values[name]}
        onChange={(e) => set(name, e.target.value)}
        {...input}
      />
    </Field>
  );

  return (
    <form ref={formRef} onSubmit={handleSubmit} className="space-y-5" aria-busy={isSaving}>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          {textField("title", "Titel", { maxLength: 200, autoComplete: "off" })}
        </div>
        <div className="sm:col-span-2">
          <Field
            label="Beskrivning"
            htmlFor={f("description")}
            hint="Lämnas den tom blir den ”Quiz på {titel}”."
          >
            <textarea
              id={f("description")}
              name="description"
              rows={3}
              className={inputClass}
              value={values.description}
              onChange={(e) => set("description", e.target.value)}
              maxLength={2000}
            />
          </Field>
        </div>
        <div className="sm:col-span-2">
          <Field
            label="Bild"
            htmlFor={f("image")}
            hint={
              isEdit
                ? "Välj en ny bild för att byta; annars behålls den nuvarande."
                : "JPEG, PNG, WebP, GIF eller AVIF."
            }
          >
            {event?.image ? (
              <figure className="mt-2 flex items-center gap-3">
                <img
                  src={imageSources(event.image).src}
                  srcSet={imageSources(event.image).srcSet}
                  sizes="8rem"
                  alt={`Nuvarande bild för ${event.title}`}
                  className="aspect-video w-32 rounded-lg border border-stone-200 object-cover dark:border-stone-800"
                />
                <figcaption className="text-xs text-stone-600 dark:text-stone-400">Nuvarande bild</figcaption>
              </figure>
            ) : null}
            <input
              id={f("image")}
              name="image"
              type="file"
              accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
              className={`${inputClass} file:mr-3 file:rounded-md file:border-0 file:bg-stone-100 file:px-3 file:py-1 file:text-sm dark:file:bg-stone-800 dark:file:text-stone-100`}
              aria-invalid={error?.field === "image" || undefined}
              aria-describedby={error?.field === "image" ? f("error") : undefined}
            />
          </Field>
        </div>
      </div>

      <fieldset>
        <legend className={labelClass}>Dagar och tider</legend>
        <ul className="mt-2 space-y-2">
          {values.schedules.map((row, index) => (
            <li key={index} className="flex items-end gap-2">
              <div className="min-w-0 flex-1">
                <label htmlFor={f(`weekday-${index}`)} className="text-xs text-stone-700 dark:text-stone-300">
                  Veckodag {index + 1}
                </label>
                <select
                  id={f(`weekday-${index}`)}
                  name="scheduleWeekday"
                  className={scheduleInputClass}
                  value={row.weekday}
                  onChange={(e) => setSchedule(index, { weekday: e.target.value as Weekday })}
                >
                  {WEEKDAYS.map((w) => (
                    <option key={w} value={w}>
                      {w}
                    </option>
                  ))}
                </select>
              </div>
              <div className="shrink-0 sm:w-32">
                <label htmlFor={f(`time-${index}`)} className="text-xs text-stone-700 dark:text-stone-300">
                  Tid {index + 1}
                </label>
                <input
                  id={f(`time-${index}`)}
                  name="scheduleTime"
                  type="time"
                  required
                  className={scheduleInputClass}
                  value={row.time}
                  onChange={(e) => setSchedule(index, { time: e.target.value })}
                />
              </div>
              <Button
                variant="ghost"
                className="px-3"
                aria-label={`Ta bort dag ${index + 1}`}
                disabled={values.schedules.length <= 1 || isSaving}
                onClick={() =>
                  set(
                    "schedules",
                    values.schedules.filter((_, i) => i !== index),
                  )
                }
              >
                <Trash2 className="size-4" aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
        <Button
          variant="secondary"
          className="mt-2"
          disabled={values.schedules.length >= 7 || isSaving}
          onClick={() => set("schedules", [...values.schedules, { ...DEFAULT_SCHEDULE }])}
        >
          <Plus className="size-4" aria-hidden /> Lägg till dag
        </Button>
      </fieldset>

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
        <Field label="Stad" htmlFor={f("city")}>
          <select
            id={f("city")}
            name="city"
            className={inputClass}
            value={values.city}
            onChange={(e) => set("city", e.target.value as CityName)}
          >
            {CITY_NAMES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </Field>
        <fieldset>
          <legend className={labelClass}>Typ av quiz</legend>
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
        <Field label="Max personer per lag" htmlFor={f("team")}>
          <select
            id={f("team")}
            name="maxPersonsPerTeam"
            className={inputClass}
            value={values.maxPersonsPerTeam}
            onChange={(e) => set("maxPersonsPerTeam", e.target.value)}
          >
            {TEAM_SIZE_OPTIONS.map((size) => (
              <option key={size} value={size}>
                {size === "-" ? "- (okänt)" : size}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Hur ofta" htmlFor={f("recurrence")}>
          <select
            id={f("recurrence")}
            name="recurrence"
            className={inputClass}
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
          </select>
        </Field>
        <RecurrenceFields
          values={values}
          inputClass={inputClass}
          labelClass={labelClass}
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
