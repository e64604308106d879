import { type Ref, useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/toast";
import { dateWindowEnd, type EventView, occurrencesBetween, ruleOf } from "~/features/events/public";
import { type FieldErrors, firstErrorOf } from "~/lib/form-errors";
import { stockholmDate } from "~/lib/time";
import { useActionResult } from "~/lib/use-action-result";
import { cancellableDates, checkDateChanges, DATE_FIELDS, readDatesForm } from "./event-exception-rules";
import {
  formatDate,
  NOTHING_PENDING,
  PendingNightChangeList,
  type PendingNightChanges,
  pendingCountOf,
  SavedNightChanges,
} from "./night-change-lists";
import { NightEntryFields, type NightSection } from "./night-entry-fields";
import {
  type DatesEditorHandle,
  UnsavedNightsGuard,
  UnsavedNotice,
  useUnsavedNotice,
} from "./unsaved-nights-guard";

const SAVED = "Ändringarna är sparade";
export type DatesActionResult =
  | { ok: true; intent: string; event: EventView | null }
  | { ok: false; intent: string; fieldErrors: FieldErrors; formError: string | null };

const SECTION_ERRORS: Record<NightSection, string[]> = {
  cancel: ["cancelDate", "cancelNote"],
  extra: ["extraDate", "extraTime"],
  break: ["breakFrom", "breakTo", "breakNote"],
};
const SECTION_EMPTIED: Record<NightSection, string[]> = {
  cancel: ["cancel-date", "cancel-note"],
  extra: ["extra-date"],
  break: ["break-from", "break-to", "break-note"],
};
/** A note or the extra night's time alone is no change. */
const CHANGE_INPUTS = ["cancel-date", "extra-date", "break-from", "break-to"];

export function EventDatesEditor({
  event: given,
  action,
  today: givenToday,
  result: pageResult,
  ref,
}: {
  event: EventView;
  action: string;
  /** Stockholm's date by the server's clock; absent in a dialog, then the browser's. */
  today?: string;
  /** The page was posted without JavaScript. */
  result?: DatesActionResult;
  ref?: Ref<DatesEditorHandle>;
}) {
  const id = useId();
  const f = (name: string) => `${id}-${name}`;
  const fetcher = useFetcher<DatesActionResult>();
  const formRef = useRef<HTMLFormElement>(null);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const [pending, setPending] = useState<PendingNightChanges>(NOTHING_PENDING);
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const [typed, setTyped] = useState(false);
  const unsaved = hydrated && (typed || pendingCountOf(pending) > 0);
  const notice = useUnsavedNotice(ref, unsaved);
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

  useActionResult(fetcher.data, (done) => {
    if (!done.ok) {
      toast.error("Fel", { description: firstErrorOf(done) ?? "Ett oväntat fel inträffade" });
      return;
    }
    toast.success(SAVED);
    discard();
  });

  function noteTyped() {
    const form = formRef.current;
    if (!form) return;
    const field = (name: string) =>
      form.querySelector<HTMLInputElement | HTMLSelectElement>(`#${CSS.escape(f(name))}`);
    setTyped(
      CHANGE_INPUTS.some((name) => (field(name)?.value.trim() ?? "") !== "") ||
        form.querySelector(`input[name="${DATE_FIELDS.remove}"]:checked`) !== null,
    );
  }

  function discard() {
    setPending(NOTHING_PENDING);
    setClientErrors(null);
    formRef.current?.reset();
  }

  /** Checked as the action will check them. */
  function check(form: HTMLFormElement): FieldErrors | null {
    const read = readDatesForm(new FormData(form));
    if (!read.ok) return read.fieldErrors;
    return checkDateChanges(rule, event.exceptions, read.changes, today);
  }

  function collect(section: NightSection) {
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
    if (found && Object.keys(found).some((k) => SECTION_ERRORS[section].includes(k) || k === "form")) {
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
    for (const name of SECTION_EMPTIED[section]) {
      const input = field(name);
      if (input) input.value = "";
    }
    noteTyped();
  }

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

  const savedWithoutScript = !fetcher.data && pageResult?.intent === "save-dates" && pageResult.ok;
  const formError = errors.form ?? errors.remove;

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action={action}
      noValidate
      onSubmit={onSubmit}
      onChange={noteTyped}
      onReset={() => {
        setPending(NOTHING_PENDING);
        setClientErrors(null);
        setTyped(false);
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

      <SavedNightChanges exceptions={event.exceptions} today={today} />

      <NightEntryFields
        idFor={f}
        errors={errors}
        choosable={choosable}
        today={today}
        last={last}
        defaultTime={event.time}
        canCollect={hydrated}
        busy={busy}
        onCollect={collect}
      />

      <PendingNightChangeList pending={pending} onChange={setPending} />

      <UnsavedNotice {...notice} />
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
      {hydrated ? <UnsavedNightsGuard unsaved={unsaved} /> : null}
    </fetcher.Form>
  );
}
