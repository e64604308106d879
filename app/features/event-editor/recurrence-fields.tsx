import { Field, Input, Select } from "~/components/ui/field";
import type { MonthWeek } from "~/features/events/public";
import type { FieldErrors } from "~/lib/form-errors";
import { MONTH_WEEK_LABELS } from "./event-form-rules";
import type { EventFormValues } from "./event-form-schema";

/** Every second week asks for the next night, so the weeks are fixed. */
export function RecurrenceFields({
  values,
  idFor,
  onChange,
  errors,
}: {
  values: Pick<EventFormValues, "recurrence" | "recurrenceAnchor" | "recurrenceWeek" | "schedules">;
  idFor: (name: string) => string;
  onChange: (patch: Partial<Pick<EventFormValues, "recurrenceAnchor" | "recurrenceWeek">>) => void;
  errors: FieldErrors;
}) {
  if (values.recurrence === "biweekly") {
    const days = [...new Set(values.schedules.map((s) => s.weekday.toLowerCase()))].join(" eller ");
    return (
      <Field
        id={idFor("anchor")}
        label="Nästa gång"
        hint={`Datumet för nästa quizkväll (en ${days}); därefter varannan vecka.`}
        error={errors.recurrenceAnchor}
      >
        <Input
          name="recurrenceAnchor"
          type="date"
          required
          value={values.recurrenceAnchor}
          onChange={(e) => onChange({ recurrenceAnchor: e.target.value })}
        />
      </Field>
    );
  }
  if (values.recurrence === "monthly") {
    const day = values.schedules[0]?.weekday.toLowerCase() ?? "";
    return (
      <Field id={idFor("month-week")} label={`Vilken ${day} i månaden`} error={errors.recurrenceWeek}>
        <Select
          name="recurrenceWeek"
          value={values.recurrenceWeek}
          onChange={(e) => onChange({ recurrenceWeek: e.target.value as `${MonthWeek}` })}
        >
          {Object.entries(MONTH_WEEK_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label} {day}en
            </option>
          ))}
        </Select>
      </Field>
    );
  }
  return null;
}
