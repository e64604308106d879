import { type Weekday, weekdayOf } from "~/lib/time";
import { weekdayOfDate } from "./occurrences";

/**
 * The "soon" label and the next night of a listing (decision 056), for an event or one weekday. `confirmed`:
 * a host said "Ja, det blir quiz" this morning, so tonight's label adds "Bekräftad idag".
 */
export type SoonLabel = {
  text: string;
  tone: "tonight" | "tomorrow" | "cancelled" | "running";
  confirmed?: true;
};

export const CONFIRMED_TODAY_TEXT = "Bekräftad idag";

/**
 * A host's "Ja" counts on the Stockholm date it was given for, and only while that date still has a night
 * that is not cancelled: a night cancelled after the "Ja" is not confirmed.
 */
export function isConfirmedToday(
  confirmedOn: string | null,
  nights: readonly Pick<LabelledNight, "date" | "cancelled">[],
  today: string,
): boolean {
  return confirmedOn === today && nights.some((n) => n.date === today && !n.cancelled);
}

/** The text of a "when it is soon" label: its tone and the night's start time say it all. */
export function soonText(tone: SoonLabel["tone"], time: string): string {
  switch (tone) {
    case "tonight":
      return `Ikväll ${time}`;
    case "running":
      return `Pågår sedan ${time}`;
    case "cancelled":
      return "Inställt ikväll";
    case "tomorrow":
      return `Imorgon ${time}`;
  }
}

type LabelledNight = { date: string; time: string; cancelled: boolean; isRunning: boolean };
type Dates = { today: string; tomorrow: string };

/**
 * Tonight's next or running night, "Inställt ikväll" if all are cancelled, else tomorrow's first; tonight's
 * and a running one's marked confirmed when a host confirmed today (`confirmedOn`, a Stockholm date).
 */
export function soonLabel(
  nights: readonly LabelledNight[],
  dates: Dates,
  confirmedOn: string | null = null,
): SoonLabel | null {
  const tonight = nights.filter((n) => n.date === dates.today);
  const confirmed = isConfirmedToday(confirmedOn, tonight, dates.today);
  const label = (tone: SoonLabel["tone"], time = ""): SoonLabel =>
    confirmed && (tone === "tonight" || tone === "running")
      ? { text: soonText(tone, time), tone, confirmed: true }
      : { text: soonText(tone, time), tone };
  const upcoming = tonight.find((n) => !n.cancelled && !n.isRunning);
  if (upcoming) return label("tonight", upcoming.time);
  const running = tonight.find((n) => n.isRunning && !n.cancelled);
  if (running) return label("running", running.time);
  if (tonight.length && tonight.every((n) => n.cancelled)) return label("cancelled");
  const next = nights.find((n) => n.date === dates.tomorrow && !n.cancelled);
  if (next) return label("tomorrow", next.time);
  return null;
}

/** Today's and tomorrow's labels, each from that date's nights alone (for weekday pages). */
export function soonLabelsByDay(
  nights: readonly LabelledNight[],
  dates: Dates,
  confirmedOn: string | null = null,
): { today: SoonLabel | null; tomorrow: SoonLabel | null } {
  const on = (date: string) =>
    soonLabel(
      nights.filter((n) => n.date === date),
      dates,
      confirmedOn,
    );
  return { today: on(dates.today), tomorrow: on(dates.tomorrow) };
}

export function soonLabelsByWeekday(
  labels: { today: SoonLabel | null; tomorrow: SoonLabel | null },
  dates: Dates,
): Partial<Record<Weekday, SoonLabel>> {
  const out: Partial<Record<Weekday, SoonLabel>> = {};
  if (labels.today) out[weekdayOfDate(dates.today)] = labels.today;
  if (labels.tomorrow) out[weekdayOfDate(dates.tomorrow)] = labels.tomorrow;
  return out;
}

/** Next uncancelled night per weekday, earliest first; weekdays `nights` does not cover are left out. */
export function nextStartsByWeekday(
  weekdays: readonly Weekday[],
  nights: readonly { start: string; weekday: Weekday; cancelled: boolean }[],
): string[] {
  return weekdays
    .map((w) => nights.find((n) => n.weekday === w && !n.cancelled)?.start)
    .filter((s): s is string => s !== undefined)
    .sort();
}

export function nextStartOn(starts: readonly string[], weekday?: Weekday): string | null {
  if (!weekday) return starts[0] ?? null;
  return starts.find((s) => weekdayOf(new Date(s)) === weekday) ?? null;
}
