import { z } from "zod";
import {
  dateWindowEnd,
  isInBreak,
  isValidDate,
  occurrencesOn,
  type RecurrenceRule,
  type RuleException,
} from "~/features/events/public";
import type { FieldErrors } from "~/lib/form-errors";
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters, lineText } from "~/lib/text-input";
import { parseTime } from "~/lib/time";

export const NOTE_MAX = 200;
/** A year and a day, so "the whole of next year" fits. */
const BREAK_MAX_DAYS = 366;

const DATE_FORMAT = "Ange ett datum som ÅÅÅÅ-MM-DD";
const TIME_FORMAT = "Ange en tid som HH:MM";

const DATE_ERRORS = {
  past: "Datumet har redan varit",
  beyondWindow: "Välj ett datum inom ett år",
  notANight: "Quizet går inte det datumet",
  alreadyANight: "Quizet går redan det datumet",
  inBreak: "Datumet ligger i ett uppehåll",
  breakEndsBeforeStart: "Uppehållet kan inte sluta före det börjar",
  breakTooLong: "Ett uppehåll kan vara högst ett år",
  breakOver: "Uppehållet har redan varit",
  breaksOverlap: "Uppehållet överlappar ett annat uppehåll",
  missing: "Datumet finns inte",
} as const;

const note = lineText()
  .trim()
  .max(NOTE_MAX, `Högst ${NOTE_MAX} tecken`)
  .optional()
  .transform((v) => v || null);
const date = z.string(DATE_FORMAT).refine(isValidDate, DATE_FORMAT);

export const exceptionSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("cancelled"), date, note }),
  z.object({
    kind: z.literal("extra"),
    date,
    time: z.string(TIME_FORMAT).refine((t) => parseTime(t) !== null, TIME_FORMAT),
    note,
  }),
]);
export type ExceptionInput = z.infer<typeof exceptionSchema>;

type RemovableKind = "cancelled" | "extra" | "break";
export const removeExceptionSchema = z.object({
  kind: z.enum(["cancelled", "extra", "break"], "Ogiltig typ"),
  date,
});

export type DateChanges = {
  cancel: { date: string; note: string | null }[];
  extra: { date: string; time: string; note?: string | null }[];
  breaks: { from: string; to: string; note: string | null }[];
  remove: { kind: RemovableKind; date: string }[];
};

export const isEmptyDateChanges = (c: DateChanges) =>
  !c.cancel.length && !c.extra.length && !c.breaks.length && !c.remove.length;

/** Each may repeat, one per change, in the same order. */
export const DATE_FIELDS = {
  cancelDate: "cancelDate",
  cancelNote: "cancelNote",
  extraDate: "extraDate",
  extraTime: "extraTime",
  breakFrom: "breakFrom",
  breakTo: "breakTo",
  breakNote: "breakNote",
  remove: "remove",
} as const;
type DateField = keyof typeof DATE_FIELDS;

/** Room for one page of changes; more is not a person using the editor. */
const MAX_CHANGES = 200;

export type DatesFormResult = { ok: true; changes: DateChanges } | { ok: false; fieldErrors: FieldErrors };

export function readDatesForm(form: FormData): DatesFormResult {
  const all = (name: DateField) =>
    form.getAll(DATE_FIELDS[name]).map((v) => (typeof v === "string" ? v : ""));
  const errors: FieldErrors = {};
  const fail = (field: DateField, message: string) => {
    errors[field] ??= message;
  };
  const changes: DateChanges = { cancel: [], extra: [], breaks: [], remove: [] };
  const checkNote = (field: DateField, value: string | undefined) => {
    const text = (value ?? "").trim();
    if (hasControlCharacters(text)) fail(field, CONTROL_CHARACTERS_MESSAGE);
    else if (text.length > NOTE_MAX) fail(field, `Högst ${NOTE_MAX} tecken`);
    return text || null;
  };
  const checkDate = (field: DateField, value: string) => {
    const ok = isValidDate(value.trim());
    if (!ok) fail(field, DATE_FORMAT);
    return value.trim();
  };

  const cancelNotes = all("cancelNote");
  all("cancelDate").forEach((value, i) => {
    const noteText = checkNote("cancelNote", cancelNotes[i]);
    if (!value.trim()) return;
    changes.cancel.push({ date: checkDate("cancelDate", value), note: noteText });
  });
  const extraTimes = all("extraTime");
  all("extraDate").forEach((value, i) => {
    if (!value.trim()) return;
    const time = (extraTimes[i] ?? "").trim();
    if (parseTime(time) === null) fail("extraTime", TIME_FORMAT);
    changes.extra.push({ date: checkDate("extraDate", value), time });
  });
  const breakTos = all("breakTo");
  const breakNotes = all("breakNote");
  all("breakFrom").forEach((value, i) => {
    const to = (breakTos[i] ?? "").trim();
    const noteText = checkNote("breakNote", breakNotes[i]);
    if (!value.trim() && !to) return;
    changes.breaks.push({
      from: checkDate("breakFrom", value),
      to: checkDate("breakTo", to),
      note: noteText,
    });
  });
  for (const value of all("remove")) {
    const [kind, day] = value.split(":");
    if ((kind !== "cancelled" && kind !== "extra" && kind !== "break") || !day || !isValidDate(day))
      fail("remove", "Ogiltig ändring");
    else changes.remove.push({ kind, date: day });
  }
  const count = changes.cancel.length + changes.extra.length + changes.breaks.length + changes.remove.length;
  if (count > MAX_CHANGES) return { ok: false, fieldErrors: { form: "För många ändringar på en gång" } };
  return Object.keys(errors).length ? { ok: false, fieldErrors: errors } : { ok: true, changes };
}

function exceptionsAfter(exceptions: readonly RuleException[], changes: DateChanges): RuleException[] {
  const removed = new Set(changes.remove.map((r) => `${r.kind} ${r.date}`));
  return [
    ...exceptions.filter((e) => !removed.has(`${e.kind} ${e.date}`)),
    ...changes.breaks.map((b) => ({
      date: b.from,
      kind: "break" as const,
      time: null,
      note: b.note,
      endDate: b.to,
    })),
  ];
}

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** The same check in the browser and in the action; `today` is a Stockholm date. */
export function checkDateChanges(
  rule: RecurrenceRule,
  exceptions: readonly RuleException[],
  changes: DateChanges,
  today: string,
): FieldErrors | null {
  const errors: FieldErrors = {};
  const fail = (field: DateField, message: string) => {
    errors[field] ??= message;
  };
  const last = dateWindowEnd(today);
  const inWindow = (field: DateField, day: string) => {
    if (day < today) fail(field, DATE_ERRORS.past);
    else if (day > last) fail(field, DATE_ERRORS.beyondWindow);
    else return true;
    return false;
  };
  for (const r of changes.remove) {
    if (!exceptions.some((e) => e.kind === r.kind && e.date === r.date)) fail("remove", DATE_ERRORS.missing);
  }
  const after = exceptionsAfter(exceptions, changes);
  const removed = new Set(changes.remove.map((r) => `${r.kind} ${r.date}`));
  const kept = exceptions
    .filter((e) => e.kind === "break" && e.endDate && !removed.has(`break ${e.date}`))
    .map((e) => ({ from: e.date, to: e.endDate as string }));
  changes.breaks.forEach((b, i) => {
    const others = [...kept, ...changes.breaks.filter((_, j) => j !== i)];
    if (b.to < b.from) fail("breakTo", DATE_ERRORS.breakEndsBeforeStart);
    else if (daysBetween(b.from, b.to) > BREAK_MAX_DAYS) fail("breakTo", DATE_ERRORS.breakTooLong);
    else if (b.to < today) fail("breakTo", DATE_ERRORS.breakOver);
    else if (b.from > last) fail("breakFrom", DATE_ERRORS.beyondWindow);
    else if (others.some((o) => o.from <= b.to && b.from <= o.to))
      fail("breakFrom", DATE_ERRORS.breaksOverlap);
  });
  for (const c of changes.cancel) {
    if (!inWindow("cancelDate", c.date)) continue;
    const nights = occurrencesOn(rule, after, c.date);
    const extras = after.some((e) => e.kind === "extra" && e.date === c.date) && !isInBreak(after, c.date);
    if (!nights.length && !extras) fail("cancelDate", DATE_ERRORS.notANight);
  }
  // One night a date: a second one would join the same calendar series.
  changes.extra.forEach((x, i) => {
    if (!inWindow("extraDate", x.date)) return;
    if (isInBreak(after, x.date)) fail("extraDate", DATE_ERRORS.inBreak);
    else if (
      occurrencesOn(rule, after, x.date).length > 0 ||
      changes.extra.some((other, j) => j < i && other.date === x.date)
    )
      fail("extraDate", DATE_ERRORS.alreadyANight);
  });
  return Object.keys(errors).length ? errors : null;
}

export function cancellableDates(nights: readonly { date: string; cancelled: boolean }[], today: string) {
  return [...new Set(nights.filter((n) => !n.cancelled && n.date >= today).map((n) => n.date))];
}
