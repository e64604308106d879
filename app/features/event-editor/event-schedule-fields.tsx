import { Plus, Trash2 } from "lucide-react";
import { Button } from "~/components/ui/button";
import { controlClasses, labelClasses } from "~/components/ui/field";
import { DEFAULT_SCHEDULE } from "~/features/events/public";
import { WEEKDAYS, type Weekday } from "~/lib/time";
import type { EventFormValues } from "./event-form-schema";

type Schedule = EventFormValues["schedules"][number];

// Narrower padding and small text keep "Torsdag" and "19:00" whole on a 390 px phone.
const scheduleControlClasses = `mt-1 ${controlClasses.replace("px-3 ", "px-2 sm:px-3 ").replace("text-base ", "text-sm ")}`;
const smallLabelClasses = "text-xs text-stone-700 dark:text-stone-300";

export function EventScheduleFields({
  schedules,
  idFor,
  isDisabled,
  error,
  onChange,
}: {
  schedules: Schedule[];
  idFor: (name: string) => string;
  isDisabled: boolean;
  error?: string;
  onChange: (schedules: Schedule[]) => void;
}) {
  const update = (index: number, patch: Partial<Schedule>) =>
    onChange(schedules.map((s, i) => (i === index ? { ...s, ...patch } : s)));
  return (
    <fieldset>
      <legend className={labelClasses}>Dagar och tider</legend>
      <ul className="mt-2 space-y-2">
        {schedules.map((row, index) => (
          <li key={index} className="flex items-end gap-2">
            <div className="min-w-0 flex-1">
              <label htmlFor={idFor(`weekday-${index}`)} className={smallLabelClasses}>
                Veckodag {index + 1}
              </label>
              <select
                id={idFor(`weekday-${index}`)}
                name="scheduleWeekday"
                className={scheduleControlClasses}
                value={row.weekday}
                onChange={(e) => update(index, { weekday: e.target.value as Weekday })}
              >
                {WEEKDAYS.map((w) => (
                  <option key={w} value={w}>
                    {w}
                  </option>
                ))}
              </select>
            </div>
            <div className="shrink-0 sm:w-32">
              <label htmlFor={idFor(`time-${index}`)} className={smallLabelClasses}>
                Tid {index + 1}
              </label>
              <input
                id={idFor(`time-${index}`)}
                name="scheduleTime"
                type="time"
                required
                className={scheduleControlClasses}
                value={row.time}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? idFor("schedules-error") : undefined}
                onChange={(e) => update(index, { time: e.target.value })}
              />
            </div>
            <Button
              variant="ghost"
              className="px-3"
              aria-label={`Ta bort dag ${index + 1}`}
              disabled={schedules.length <= 1 || isDisabled}
              onClick={() => onChange(schedules.filter((_, i) => i !== index))}
            >
              <Trash2 className="size-4" aria-hidden />
            </Button>
          </li>
        ))}
      </ul>
      {error ? (
        <p id={idFor("schedules-error")} className="mt-1 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
      <Button
        variant="secondary"
        className="mt-2"
        disabled={schedules.length >= 7 || isDisabled}
        onClick={() => onChange([...schedules, { ...DEFAULT_SCHEDULE }])}
      >
        <Plus className="size-4" aria-hidden /> Lägg till dag
      </Button>
    </fieldset>
  );
}
