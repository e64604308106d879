import { Plus } from "lucide-react";
import type { KeyboardEvent } from "react";
import { Button } from "~/components/ui/button";
import { Field, Input, Select } from "~/components/ui/field";
import type { FieldErrors } from "~/lib/form-errors";
import { DATE_FIELDS, NOTE_MAX } from "./event-exception-rules";
import { formatDate } from "./night-change-lists";

export type NightSection = "cancel" | "extra" | "break";

/** The dates editor's three entries: 'Ställ in en kväll', 'Extra kväll' and 'Uppehåll'. */
export function NightEntryFields({
  idFor: f,
  errors,
  choosable,
  today,
  last,
  defaultTime,
  canCollect,
  busy,
  onCollect,
}: {
  idFor: (name: string) => string;
  errors: FieldErrors;
  /** The nights that may be cancelled (not already cancelled nor collected). */
  choosable: string[];
  today: string;
  last: string;
  defaultTime: string;
  /** Hydrated: 'Lägg till' exists only where it can collect. */
  canCollect: boolean;
  busy: boolean;
  onCollect: (section: NightSection) => void;
}) {
  /** Enter in a field of a section collects that entry; it never posts the editor (nor any form around it). */
  const enterCollects = (section: NightSection) => (e: KeyboardEvent<HTMLElement>) => {
    if (e.key !== "Enter") return;
    e.preventDefault();
    onCollect(section);
  };
  const addButton = (section: NightSection) =>
    canCollect ? (
      <Button
        variant="secondary"
        className="min-h-10 whitespace-nowrap sm:justify-self-start"
        disabled={busy}
        onClick={() => onCollect(section)}
      >
        <Plus aria-hidden className="size-4" /> Lägg till
      </Button>
    ) : null;

  return (
    <>
      <fieldset className="mt-4 min-w-0">
        <legend className="text-sm font-medium text-stone-800 dark:text-stone-200">Ställ in en kväll</legend>
        <div className="mt-1 grid gap-2 sm:grid-cols-[12rem_1fr_auto] sm:items-end">
          <Field id={f("cancel-date")} label="Kväll" error={errors.cancelDate}>
            <Select name={DATE_FIELDS.cancelDate} defaultValue="" onKeyDown={enterCollects("cancel")}>
              <option value="">Välj kväll</option>
              {choosable.map((d) => (
                <option key={d} value={d}>
                  {formatDate(d)}
                </option>
              ))}
            </Select>
          </Field>
          <Field id={f("cancel-note")} label="Anteckning" marker="optional" error={errors.cancelNote}>
            <Input
              name={DATE_FIELDS.cancelNote}
              maxLength={NOTE_MAX}
              placeholder="t.ex. Stängt för privat fest"
              onKeyDown={enterCollects("cancel")}
            />
          </Field>
          {addButton("cancel")}
        </div>
      </fieldset>

      <fieldset className="mt-4 min-w-0">
        <legend className="text-sm font-medium text-stone-800 dark:text-stone-200">Extra kväll</legend>
        <div className="mt-1 grid grid-cols-[minmax(0,1fr)_8rem] gap-2 sm:grid-cols-[12rem_8rem_auto] sm:items-end">
          <Field id={f("extra-date")} label="Datum" error={errors.extraDate}>
            <Input
              type="date"
              name={DATE_FIELDS.extraDate}
              min={today}
              max={last}
              onKeyDown={enterCollects("extra")}
            />
          </Field>
          <Field id={f("extra-time")} label="Tid" error={errors.extraTime}>
            <Input
              type="time"
              name={DATE_FIELDS.extraTime}
              defaultValue={defaultTime}
              onKeyDown={enterCollects("extra")}
            />
          </Field>
          {addButton("extra")}
        </div>
      </fieldset>

      <fieldset className="mt-4 min-w-0">
        <legend className="text-sm font-medium text-stone-800 dark:text-stone-200">Uppehåll</legend>
        <div className="mt-1 grid grid-cols-2 gap-2 sm:grid-cols-[10rem_10rem_1fr_auto] sm:items-end">
          <Field id={f("break-from")} label="Från" error={errors.breakFrom}>
            <Input
              type="date"
              name={DATE_FIELDS.breakFrom}
              min={today}
              max={last}
              onKeyDown={enterCollects("break")}
            />
          </Field>
          <Field id={f("break-to")} label="Till" error={errors.breakTo}>
            <Input type="date" name={DATE_FIELDS.breakTo} min={today} onKeyDown={enterCollects("break")} />
          </Field>
          <Field
            id={f("break-note")}
            label="Anteckning"
            marker="optional"
            error={errors.breakNote}
            className="col-span-2 sm:col-span-1"
          >
            <Input
              name={DATE_FIELDS.breakNote}
              maxLength={NOTE_MAX}
              placeholder="t.ex. Sommaruppehåll"
              onKeyDown={enterCollects("break")}
            />
          </Field>
          {addButton("break")}
        </div>
      </fieldset>
    </>
  );
}
