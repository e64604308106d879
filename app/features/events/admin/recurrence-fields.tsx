import type { MonthWeek } from "../occurrences";
import { type EventFormValues, MONTH_WEEK_LABELS } from "./event-form-rules";

/**
 * What the chosen rule needs: every second week asks for the date of the next night ("Nästa gång"), so the
 * weeks are fixed; monthly asks which weekday of the month. Weekly needs nothing more.
 */
export function RecurrenceFields({
  values,
  inputClass,
  labelClass,
  idFor,
  onChange,
  invalidField,
}: {
  values: Pick<EventFormValues, "recurrence" | "recurrenceAnchor" | "recurrenceWeek" | "schedules">;
  inputClass: string;
  labelClass: string;
  idFor: (name: string) => string;
  onChange: (patch: Partial<Pick<EventFormValues, "recurrenceAnchor" | "recurrenceWeek">>) => void;
  invalidField?: string;
}) {
  if (values.recurrence === "biweekly") {
    const days = [...new Set(values.schedules.map((s) => s.weekday.toLowerCase()))].join(" eller ");
    return (
      <div>
        <label htmlFor={idFor("anchor")} className={labelClass}>
          Nästa gång
        </label>
        <input
          id={idFor("anchor")}
          name="recurrenceAnchor"
          type="date"
          required
          className={inputClass}
          value={values.recurrenceAnchor}
          onChange={(e) => onChange({ recurrenceAnchor: e.target.value })}
          aria-invalid={invalidField === "recurrenceAnchor" || undefined}
          aria-describedby={idFor("anchor-hint")}
        />
        <p id={idFor("anchor-hint")} className="mt-1 text-xs text-stone-600 dark:text-stone-400">
          Datumet för nästa quizkväll (en {days}); därefter varannan vecka.
        </p>
      </div>
    );
  }
  if (values.recurrence === "monthly") {
    const day = values.schedules[0]?.weekday.toLowerCase() ?? "";
    return (
      <div>
        <label htmlFor={idFor("month-week")} className={labelClass}>
          Vilken {day} i månaden
        </label>
        <select
          id={idFor("month-week")}
          name="recurrenceWeek"
          className={inputClass}
          value={values.recurrenceWeek}
          onChange={(e) => onChange({ recurrenceWeek: e.target.value as `${MonthWeek}` })}
        >
          {Object.entries(MONTH_WEEK_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label} {day}en
            </option>
          ))}
        </select>
      </div>
    );
  }
  return null;
}
