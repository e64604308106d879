import { Plus, X } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Field, Input, Select } from "~/components/ui/field";
import { toast } from "~/components/ui/toast";
import {
  breaksOf,
  dateWindowEnd,
  type EventView,
  occurrencesBetween,
  ruleOf,
} from "~/features/events/public";
import { type FieldErrors, firstErrorOf } from "~/lib/form-errors";
import { formatShortWeekdayDate, stockholmDate } from "~/lib/time";
import { useActionResult } from "~/lib/use-action-result";
import {
  cancellableDates,
  checkDateChanges,
  DATE_FIELDS,
  type DateChanges,
  NOTE_MAX,
  readDatesForm,
} from "./event-exception-rules";

// Noon UTC is on the same civil date in Stockholm, whatever the season.
const formatDate = (date: string) => formatShortWeekdayDate(new Date(`${date}T12:00:00Z`));

const SAVED = "Ändringarna är sparade";

/** What the route's action answers (the event editor's result); the editor reads its `save-dates` answers. */
export type DatesActionResult =
  | { ok: true; intent: string; event: EventView | null }
  | { ok: false; intent: string; fieldErrors: FieldErrors; formError: string | null };

type Pending = Omit<DateChanges, "remove">;
const NOTHING_PENDING: Pending = { cancel: [], extra: [], breaks: [] };

/**
 * The nights of an event: cancel one in the next six months ('Inställt', with a note), add an extra night,
 * enter a break ('Uppehåll') from–to, or take back an earlier one. Nothing is saved until 'Spara', which
 * posts every change at once to `action` (intent `save-dates`); 'Avbryt' discards them. A plain form of its
 * own, never inside another: without JavaScript it posts what its fields hold (one of each kind per post);
 * with it, 'Lägg till' (or Enter in a field) collects several first.
 */
export function EventDatesEditor({
  event: given,
  action,
  today: givenToday,
  result: pageResult,
}: {
  event: EventView;
  /** Where the changes are posted: a route whose action handles intent `save-dates`. */
  action: string;
  /** Stockholm's date by the server's clock; the browser's when absent (the editor opened in a dialog). */
  today?: string;
  /** The action's answer when the page itself was posted (without JavaScript). */
  result?: DatesActionResult;
}) {
  const id = useId();
  const f = (name: string) => `${id}-${name}`;
  const fetcher = useFetcher<DatesActionResult>();
  const formRef = useRef<HTMLFormElement>(null);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const [pending, setPending] = useState<Pending>(NOTHING_PENDING);
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const answer = fetcher.data ?? (pageResult?.intent === "save-dates" ? pageResult : undefined);
  const event = answer?.ok && answer.event ? answer.event : given;
  const serverErrors = answer && !answer.ok ? answer.fieldErrors : null;
  const errors: FieldErrors = clientErrors ?? serverErrors ?? {};
  const busy = fetcher.state !== "idle";
  const today = givenToday ?? stockholmDate(new Date());
  const last = dateWindowEnd(today);
  const rule = ruleOf(event);
  const nights = occurrencesBetween(rule, event.exceptions, today, last);
  const choosable = cancellableDates(nights, today).filter((d) => !pending.cancel.some((c) => c.date === d));
  const cancelled = event.exceptions.filter((e) => e.kind === "cancelled" && e.date >= today);
  const extras = event.exceptions.filter((e) => e.kind === "extra" && e.date >= today);
  const breaks = breaksOf(event.exceptions).filter((b) => b.to >= today);

  useActionResult(fetcher.data, (done) => {
    if (!done.ok) {
      toast.error("Fel", { description: firstErrorOf(done) ?? "Ett oväntat fel inträffade" });
      return;
    }
    toast.success(SAVED);
    discard();
  });

  function discard() {
    setPending(NOTHING_PENDING);
    setClientErrors(null);
    formRef.current?.reset();
  }

  /** The changes the form holds now (collected and typed), checked as the action will check them. */
  function check(form: HTMLFormElement): FieldErrors | null {
    const read = readDatesForm(new FormData(form));
    if (!read.ok) return read.fieldErrors;
    return checkDateChanges(rule, event.exceptions, read.changes, today);
  }

  /** 'Lägg till': moves one section's typed entry into the collected changes, once it passes the checks. */
  function collect(section: "cancel" | "extra" | "break") {
    const form = formRef.current;
    if (!form) return;
    const field = (name: string) =>
      form.querySelector<HTMLInputElement | HTMLSelectElement>(`#${CSS.escape(f(name))}`);
    const value = (name: string) => field(name)?.value.trim() ?? "";
    const typed =
      section === "cancel"
        ? value("cancel-date")
        : section === "extra"
          ? value("extra-date")
          : value("break-from") || value("break-to");
    if (!typed) return;
    const found = check(form);
    const own: Record<typeof section, string[]> = {
      cancel: ["cancelDate", "cancelNote"],
      extra: ["extraDate", "extraTime"],
      break: ["breakFrom", "breakTo", "breakNote"],
    };
    if (found && Object.keys(found).some((k) => own[section].includes(k) || k === "form")) {
      setClientErrors(found);
      form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    setClientErrors(null);
    // Read now: the inputs are emptied below, before React runs the update.
    const cancelEntry = { date: typed, note: value("cancel-note") || null };
    const extraEntry = { date: typed, time: value("extra-time") };
    const breakEntry = {
      from: value("break-from"),
      to: value("break-to"),
      note: value("break-note") || null,
    };
    setPending((p) => {
      if (section === "cancel") return { ...p, cancel: [...p.cancel, cancelEntry] };
      if (section === "extra") return { ...p, extra: [...p.extra, extraEntry] };
      return { ...p, breaks: [...p.breaks, breakEntry] };
    });
    for (const name of section === "cancel"
      ? ["cancel-date", "cancel-note"]
      : section === "extra"
        ? ["extra-date"]
        : ["break-from", "break-to", "break-note"]) {
      const input = field(name);
      if (input) input.value = "";
    }
  }

  /** Enter in a field of a section collects that entry; it never posts the editor (nor any form around it). */
  const enterCollects = (section: "cancel" | "extra" | "break") => (e: KeyboardEvent<HTMLElement>) => {
    if (e.key !== "Enter") return;
    e.preventDefault();
    collect(section);
  };

  function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    const found = check(e.currentTarget);
    if (!found) {
      setClientErrors(null);
      return;
    }
    e.preventDefault();
    setClientErrors(found);
    toast.error("Fel", { description: Object.values(found)[0] ?? "Ogiltig ändring" });
  }

  const pendingCount = pending.cancel.length + pending.extra.length + pending.breaks.length;
  const savedWithoutScript = !fetcher.data && pageResult?.intent === "save-dates" && pageResult.ok;
  const formError = errors.form ?? errors.remove;
  const addButton = (section: "cancel" | "extra" | "break", label: string) =>
    hydrated ? (
      <Button
        variant="secondary"
        className="min-h-10 whitespace-nowrap sm:justify-self-start"
        disabled={busy}
        onClick={() => collect(section)}
      >
        <Plus aria-hidden className="size-4" /> {label}
      </Button>
    ) : null;
  const remover = (kind: string, date: string, label: string) => (
    <label className="inline-flex min-h-9 items-center gap-2 text-sm">
      <input type="checkbox" name={DATE_FIELDS.remove} value={`${kind}:${date}`} className="size-4" />
      Ta bort<span className="sr-only"> {label}</span>
    </label>
  );

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action={action}
      noValidate
      onSubmit={onSubmit}
      onReset={() => {
        setPending(NOTHING_PENDING);
        setClientErrors(null);
      }}
      aria-labelledby={f("title")}
      className="min-w-0 rounded-xl border border-stone-200 p-3 sm:p-4 dark:border-stone-800"
    >
      <input type="hidden" name="intent" value="save-dates" />
      <h2 id={f("title")} className="text-base font-semibold text-stone-900 dark:text-stone-100">
        Kommande kvällar
      </h2>
      <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">
        Ställ in en kväll, lägg till en extra kväll eller ett uppehåll fram till {formatDate(last)}. Inget
        sparas förrän du trycker Spara.
      </p>
      {savedWithoutScript ? (
        <p
          role="status"
          className="mt-2 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"
        >
          {SAVED}
        </p>
      ) : null}

      {cancelled.length + extras.length + breaks.length > 0 && (
        <ul
          className="mt-3 divide-y divide-stone-200 text-sm dark:divide-stone-800"
          aria-label="Sparade ändringar"
        >
          {cancelled.map((c) => (
            <li key={`c${c.date}`} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                <span className="line-through">{formatDate(c.date)}</span>{" "}
                <span className="rounded bg-red-100 px-1.5 text-xs font-semibold text-red-800 dark:bg-red-950 dark:text-red-200">
                  {c.note ? `Inställt – ${c.note}` : "Inställt"}
                </span>
              </span>
              {remover("cancelled", c.date, `inställt ${formatDate(c.date)}`)}
            </li>
          ))}
          {extras.map((x) => (
            <li key={`x${x.date}`} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                Extra: {formatDate(x.date)} {x.time}
              </span>
              {remover("extra", x.date, `extra kväll ${formatDate(x.date)}`)}
            </li>
          ))}
          {breaks.map((b) => (
            <li key={`b${b.from}`} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                Uppehåll {formatDate(b.from)} – {formatDate(b.to)}
                {b.note ? ` (${b.note})` : ""}
              </span>
              {remover("break", b.from, `uppehåll från ${formatDate(b.from)}`)}
            </li>
          ))}
        </ul>
      )}

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
          {addButton("cancel", "Lägg till")}
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
              defaultValue={event.time}
              onKeyDown={enterCollects("extra")}
            />
          </Field>
          {addButton("extra", "Lägg till")}
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
          {addButton("break", "Lägg till")}
        </div>
      </fieldset>

      {pendingCount > 0 && (
        <div className="mt-4 rounded-lg bg-amber-50 p-3 text-sm dark:bg-amber-950">
          <h3 className="font-medium">Ändringar att spara</h3>
          <ul className="mt-1 space-y-1" aria-label="Ändringar att spara">
            {pending.cancel.map((c, i) => (
              <PendingRow
                key={`c${c.date}`}
                text={`Inställt ${formatDate(c.date)}${c.note ? ` – ${c.note}` : ""}`}
                onRemove={() => setPending((p) => ({ ...p, cancel: p.cancel.filter((_, j) => j !== i) }))}
              >
                <input type="hidden" name={DATE_FIELDS.cancelDate} value={c.date} />
                <input type="hidden" name={DATE_FIELDS.cancelNote} value={c.note ?? ""} />
              </PendingRow>
            ))}
            {pending.extra.map((x, i) => (
              <PendingRow
                key={`x${x.date}${x.time}`}
                text={`Extra kväll ${formatDate(x.date)} ${x.time}`}
                onRemove={() => setPending((p) => ({ ...p, extra: p.extra.filter((_, j) => j !== i) }))}
              >
                <input type="hidden" name={DATE_FIELDS.extraDate} value={x.date} />
                <input type="hidden" name={DATE_FIELDS.extraTime} value={x.time} />
              </PendingRow>
            ))}
            {pending.breaks.map((b, i) => (
              <PendingRow
                key={`b${b.from}${b.to}`}
                text={`Uppehåll ${formatDate(b.from)} – ${formatDate(b.to)}${b.note ? ` (${b.note})` : ""}`}
                onRemove={() => setPending((p) => ({ ...p, breaks: p.breaks.filter((_, j) => j !== i) }))}
              >
                <input type="hidden" name={DATE_FIELDS.breakFrom} value={b.from} />
                <input type="hidden" name={DATE_FIELDS.breakTo} value={b.to} />
                <input type="hidden" name={DATE_FIELDS.breakNote} value={b.note ?? ""} />
              </PendingRow>
            ))}
          </ul>
        </div>
      )}

      {formError ? (
        <p
          role="alert"
          className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"
        >
          {formError}
        </p>
      ) : null}
      <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="reset" variant="secondary" disabled={busy}>
          Avbryt
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? "Sparar..." : "Spara"}
        </Button>
      </div>
    </fetcher.Form>
  );
}

function PendingRow({
  text,
  onRemove,
  children,
}: {
  text: string;
  onRemove: () => void;
  children: React.ReactNode;
}) {
  return (
    <li className="flex items-center justify-between gap-2">
      <span>{text}</span>
      {children}
      <Button variant="ghost" className="min-h-9 px-2" onClick={onRemove}>
        <X aria-hidden className="size-4" />
        <span className="sr-only">Ångra {text}</span>
      </Button>
    </li>
  );
}
