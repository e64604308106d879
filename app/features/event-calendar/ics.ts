import {
  breaksOf,
  type EventView,
  firstDateOfSlot,
  isInBreak,
  type Occurrence,
  occurrencesBetween,
  occurrencesOn,
  type RecurrenceRule,
  ruleOf,
  type Slot,
  weekdayOfDate,
} from "~/features/events/public";
import { TIME_ZONE, type Weekday } from "~/lib/time";

// RFC 5545: one VEVENT per event and weekday; RDATE for extra nights, EXDATE for a break's nights.
const BYDAY: Record<Weekday, string> = {
  Måndag: "MO",
  Tisdag: "TU",
  Onsdag: "WE",
  Torsdag: "TH",
  Fredag: "FR",
  Lördag: "SA",
  Söndag: "SU",
};
/** Not recorded; calendars need an end, so a typical evening is assumed. */
const QUIZ_DURATION = "PT2H";
const ALARM_BEFORE = "-PT2H";

const REFRESH_INTERVAL = "PT12H";

/** Stockholm's rules since 1996, so calendar apps place the local times correctly. */
const VTIMEZONE = [
  "BEGIN:VTIMEZONE",
  `TZID:${TIME_ZONE}`,
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

function escapeText(text: string): string {
  return text
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/** Folds a content line at 75 octets, continuing with a space (RFC 5545 §3.1). */
function foldLine(line: string): string {
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

function localStamp(date: string, time: string): string {
  return `${date.replace(/-/g, "")}T${time.replace(":", "")}00`;
}

function utcStamp(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

function recurrenceRule(rule: Pick<RecurrenceRule, "frequency" | "monthWeek">, weekday: Weekday): string {
  const day = BYDAY[weekday];
  if (rule.frequency === "biweekly") return `RRULE:FREQ=WEEKLY;INTERVAL=2;WKST=MO;BYDAY=${day}`;
  if (rule.frequency === "monthly") return `RRULE:FREQ=MONTHLY;BYDAY=${rule.monthWeek ?? 1}${day}`;
  return `RRULE:FREQ=WEEKLY;BYDAY=${day}`;
}

type CalendarEvent = Pick<
  EventView,
  | "id"
  | "title"
  | "description"
  | "location"
  | "city"
  | "weekday"
  | "time"
  | "schedules"
  | "recurrence"
  | "recurrenceAnchor"
  | "recurrenceWeek"
  | "exceptions"
  | "streetAddress"
> & { url: string };

const tz = (name: string, stamps: string[]) => `${name};TZID=${TIME_ZONE}:${stamps.join(",")}`;

const isInSeries = (night: Occurrence, slot: Slot) =>
  night.weekday === slot.weekday && (night.isExtra || night.time === slot.time);

export function buildCalendar(
  name: string,
  events: CalendarEvent[],
  {
    now = new Date(),
    onlyWeekday,
    since,
    alarm = false,
  }: { now?: Date; onlyWeekday?: Weekday; since?: string; alarm?: boolean } = {},
): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Quizkväll//Quizkalender//SV",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(name)}`,
    `X-WR-TIMEZONE:${TIME_ZONE}`,
    `REFRESH-INTERVAL;VALUE=DURATION:${REFRESH_INTERVAL}`,
    `X-PUBLISHED-TTL:${REFRESH_INTERVAL}`,
    ...VTIMEZONE,
  ];
  for (const event of events) {
    const rule = ruleOf(event);
    const exceptions = since
      ? event.exceptions.filter((e) => (e.endDate ?? e.date) >= since)
      : event.exceptions;
    const extras = exceptions.filter((e) => e.kind === "extra" && e.time && !isInBreak(exceptions, e.date));
    const cancelled = new Set(exceptions.filter((e) => e.kind === "cancelled").map((e) => e.date));
    const cancelledNights = [...cancelled].flatMap((d) => occurrencesOn(rule, exceptions, d));
    const breakNights = breaksOf(exceptions).flatMap((b) => occurrencesBetween(rule, [], b.from, b.to));
    const location = `LOCATION:${escapeText([event.location, event.streetAddress, event.city].filter(Boolean).join(", "))}`;
    const common = (status: string | null) => [
      status ? `SUMMARY:${escapeText(`Inställt: ${event.title}`)}` : `SUMMARY:${escapeText(event.title)}`,
      `DESCRIPTION:${escapeText(`${status ? `${status}\n\n` : ""}${event.description}\n\n${event.url}`)}`,
      location,
      `URL:${event.url}`,
      ...(status ? ["STATUS:CANCELLED"] : []),
    ];
    const cancelledText = (note: string | null) => (note ? `Inställt – ${note}` : "Inställt");
    const vevent = (uid: string, start: string, rest: string[], status: string | null = null) =>
      lines.push(
        "BEGIN:VEVENT",
        `UID:${uid}@quizkvall`,
        `DTSTAMP:${utcStamp(now)}`,
        `DTSTART;TZID=${TIME_ZONE}:${start}`,
        `DURATION:${QUIZ_DURATION}`,
        ...rest,
        ...common(status),
        ...(alarm && !status
          ? [
              "BEGIN:VALARM",
              "ACTION:DISPLAY",
              `DESCRIPTION:${escapeText(`${event.title} börjar om två timmar`)}`,
              `TRIGGER:${ALARM_BEFORE}`,
              "END:VALARM",
            ]
          : []),
        "END:VEVENT",
      );
    const slotOf = (weekday: Weekday): Slot | undefined => rule.slots.find((s) => s.weekday === weekday);
    const slotUid = (slot: Slot) => `${event.id}-${BYDAY[slot.weekday].toLowerCase()}`;
    for (const slot of rule.slots) {
      if (onlyWeekday && slot.weekday !== onlyWeekday) continue;
      const exdates = breakNights
        .filter((n) => n.weekday === slot.weekday && n.time === slot.time)
        .map((n) => localStamp(n.date, n.time));
      const rdates = extras
        .filter((e) => weekdayOfDate(e.date) === slot.weekday)
        .map((e) => localStamp(e.date, e.time ?? slot.time));
      const start = localStamp(firstDateOfSlot(rule, slot), slot.time);
      vevent(slotUid(slot), start, [
        recurrenceRule(rule, slot.weekday),
        ...(exdates.length ? [tz("EXDATE", [...new Set(exdates)])] : []),
        ...(rdates.length ? [tz("RDATE", rdates)] : []),
      ]);
      for (const night of cancelledNights.filter((n) => isInSeries(n, slot))) {
        const stamp = localStamp(night.date, night.time);
        vevent(slotUid(slot), stamp, [tz("RECURRENCE-ID", [stamp])], cancelledText(night.note));
      }
    }
    // An extra night on a weekday the quiz has no rule for is a one-off event of its own.
    for (const extra of extras) {
      const weekday = weekdayOfDate(extra.date);
      if (slotOf(weekday) || (onlyWeekday && weekday !== onlyWeekday)) continue;
      const night = cancelledNights.find((n) => n.date === extra.date && n.time === extra.time);
      vevent(
        `${event.id}-${extra.date}`,
        localStamp(extra.date, extra.time ?? event.time),
        [],
        night ? cancelledText(night.note) : null,
      );
    }
  }
  lines.push("END:VCALENDAR");
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}
