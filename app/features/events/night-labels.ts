import { type Weekday, weekdayOf } from "~/lib/time";
import { weekdayOfDate } from "./occurrences";

/** The "soon" label and the next night of a listing (decision 056), for an event or one weekday. */
export type SoonLabel = { text: string; tone: "tonight" | "tomorrow" | "cancelled" | "running" };

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

/** Tonight's next or running night, "Inställt ikväll" if all are cancelled, else tomorrow's first. */
export function soonLabel(nights: readonly LabelledNight[], dates: Dates): SoonLabel | null {
  const tonight = nights.filter((n) => n.date === dates.today);
  const label = (tone: SoonLabel["tone"], time = ""): SoonLabel => ({ text: soonText(tone, time), tone });
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
): { today: SoonLabel | null; tomorrow: SoonLabel | null } {
  const on = (date: string) =>
    soonLabel(
      nights.filter((n) => n.date === date),
      dates,
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
