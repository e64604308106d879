import { nextOccurrence, stockholmParts, WEEKDAYS, type Weekday } from "~/lib/time";
import { scheduleRows } from "./event-format";
import type { EventView, Recurrence } from "./event-view";

/** iCalendar (RFC 5545) feeds: one VEVENT per event and weekday, repeating by the event's recurrence. */
const BYDAY = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"] as const;
/** How long a quiz night lasts is not recorded; calendars need an end, so a typical evening is assumed. */
export const QUIZ_DURATION = "PT2H";

/** Stockholm's rules since 1996, so calendar apps place the local times correctly. */
const VTIMEZONE = [
  "BEGIN:VTIMEZONE",
  "TZID:Europe/Stockholm",
  "BEGIN:DAYLIGHT",
  "TZOFFSETFROM:+0100",
  "TZOFFSETTO:+0200",
  "TZNAME:CEST",
  "DTSTART:19700329T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
  "END:DAYLIGHT",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:+0200",
  "TZOFFSETTO:+0100",
  "TZNAME:CET",
  "DTSTART:19701025T030000",
  "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
  "END:STANDARD",
  "END:VTIMEZONE",
];

export function escapeText(text: string): string {
  return text.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");
}

/** Folds a content line at 75 octets, continuing with a space (RFC 5545 §3.1). */
export function foldLine(line: string): string {
  const bytes = new TextEncoder();
  const out: string[] = [];
  let current = "";
  let size = 0;
  for (const ch of line) {
    const n = bytes.encode(ch).length;
    if (size + n > (out.length ? 74 : 75)) {
      out.push(current);
      current = "";
      size = 0;
    }
    current += ch;
    size += n;
  }
  out.push(current);
  return out.join("\r\n ");
}

const pad = (n: number) => String(n).padStart(2, "0");

function localStamp(date: Date): string {
  const p = stockholmParts(date);
  return `${p.year}${pad(p.month)}${pad(p.day)}T${pad(p.hour)}${pad(p.minute)}00`;
}

function utcStamp(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/** The repeat rule: weekly, every other week, or monthly on the same nth weekday (last if it is the 5th). */
export function recurrenceRule(recurrence: Recurrence, weekday: Weekday, first: Date): string {
  const day = BYDAY[WEEKDAYS.indexOf(weekday)];
  if (recurrence === "biweekly") return `RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=${day}`;
  if (recurrence === "monthly") {
    const nth = Math.ceil(stockholmParts(first).day / 7);
    return `RRULE:FREQ=MONTHLY;BYDAY=${nth === 5 ? -1 : nth}${day}`;
  }
  return `RRULE:FREQ=WEEKLY;BYDAY=${day}`;
}

type CalendarEvent = Pick<
  EventView,
  "id" | "title" | "description" | "location" | "city" | "weekday" | "time" | "schedules" | "recurrence"
> & { url: string };

/** A calendar with the given events; `onlyWeekday` keeps just that day's schedule rows. */
export function buildCalendar(
  name: string,
  events: CalendarEvent[],
  { now = new Date(), onlyWeekday }: { now?: Date; onlyWeekday?: Weekday } = {},
): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Quizkväll//Quizkalender//SV",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(name)}`,
    "X-WR-TIMEZONE:Europe/Stockholm",
    ...VTIMEZONE,
  ];
  for (const event of events) {
    for (const row of scheduleRows(event)) {
      if (onlyWeekday && row.weekday !== onlyWeekday) continue;
      const first = nextOccurrence(row.weekday, row.time, now);
      lines.push(
        "BEGIN:VEVENT",
        `UID:${event.id}-${BYDAY[WEEKDAYS.indexOf(row.weekday)].toLowerCase()}@quizkvall`,
        `DTSTAMP:${utcStamp(now)}`,
        `DTSTART;TZID=Europe/Stockholm:${localStamp(first)}`,
        `DURATION:${QUIZ_DURATION}`,
        recurrenceRule(event.recurrence, row.weekday, first),
        `SUMMARY:${escapeText(event.title)}`,
        `DESCRIPTION:${escapeText(`${event.description}\n\n${event.url}`)}`,
        `LOCATION:${escapeText(`${event.location}, ${event.city}`)}`,
        `URL:${event.url}`,
        "END:VEVENT",
      );
    }
  }
  lines.push("END:VCALENDAR");
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}
