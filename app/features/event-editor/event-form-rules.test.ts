import { describe, expect, it } from "vitest";
import { defaultFormValues } from "./event-form-rules";
import { readEventForm, submittedFormValues } from "./event-form-schema";
import { ruleFieldsFor } from "./event-row-fields";

function form(fields: Record<string, string | string[]>) {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const item of [v].flat()) data.append(k, item);
  return data;
}

const base = {
  title: "  Quiz på Pelikan  ",
  scheduleWeekday: ["Tisdag", "Torsdag"],
  scheduleTime: ["19:00", "20:30"],
  city: "Stockholm",
  quizType: ["MusikQuiz", "Quiz", "MusikQuiz"],
  maxPersonsPerTeam: "6",
  recurrence: "biweekly",
};

describe("event form rules", () => {
  it("has the event form's defaults", () => {
    const d = defaultFormValues();
    expect(d.schedules).toEqual([{ weekday: "Måndag", time: "19:00" }]);
    expect(d.city).toBe("Göteborg");
    expect(d.maxPersonsPerTeam).toBe("6");
    expect(d.recurrence).toBe("weekly");
    expect(d.quizType).toEqual(["Quiz"]);
  });

  it("trims the title, de-duplicates quiz types and keeps every schedule row", () => {
    const result = readEventForm(form(base));
    expect(result.success).toBe(true);
    if (!result.success) return;
    expect(result.data.title).toBe("Quiz på Pelikan");
    expect(result.data.quizType).toEqual(["Quiz", "MusikQuiz"]);
    expect(result.data.schedules).toEqual([
      { weekday: "Tisdag", time: "19:00" },
      { weekday: "Torsdag", time: "20:30" },
    ]);
    expect(result.data.description).toBeNull();
    expect(result.data.email).toBeNull();
  });

  it("refuses an empty title with its Swedish message", () => {
    const result = readEventForm(form({ ...base, title: "   " }));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("Titel är obligatorisk");
  });

  it("refuses bad cities, times, e-mails and links with Swedish messages", () => {
    const bad = (patch: Record<string, string | string[]>) =>
      readEventForm(form({ ...base, ...patch })).error?.issues[0]?.message;
    expect(bad({ city: "Uppsala" })).toBe("Välj en stad");
    expect(bad({ scheduleTime: ["25:00", "19:00"] })).toBe("Ange en tid som HH:MM");
    expect(bad({ email: "inte-en-adress" })).toBe("Ange en giltig e-postadress");
    expect(bad({ website: "javascript:alert(1)" })).toBe("Ange en giltig webbadress (https://…)");
    expect(bad({ scheduleWeekday: [], scheduleTime: [] })).toBe("Minst en dag och tid krävs");
  });

  it("sends the team size as null for '-' or non-numeric values", () => {
    const teamSize = (maxPersonsPerTeam: string) =>
      readEventForm(form({ ...base, maxPersonsPerTeam })).data?.maxPersonsPerTeam;
    expect(teamSize("-")).toBeNull();
    expect(teamSize("abc")).toBeNull();
    expect(teamSize("6x")).toBeNull();
    expect(teamSize("0")).toBeNull();
    expect(teamSize("12")).toBe(12);
  });

  it("gives a refused post's values back in the form's shape, unknown choices as the defaults", () => {
    const values = submittedFormValues(
      form({
        ...base,
        phone: "Ring mig",
        city: "Uppsala",
        quizType: ["MusikQuiz", "Okänt"],
        recurrence: "daily",
        scheduleWeekday: ["Fredag", "Lördagsmorgon"],
        scheduleTime: ["19:00", "25:00"],
      }),
    );
    expect(values).toMatchObject({
      title: "  Quiz på Pelikan  ",
      phone: "Ring mig",
      city: "Göteborg",
      quizType: ["MusikQuiz"],
      recurrence: "weekly",
      schedules: [
        { weekday: "Fredag", time: "19:00" },
        { weekday: "Måndag", time: "25:00" },
      ],
    });
  });

  it("anchors every second week on 'Nästa gång', which must be one of the quiz's weekdays", () => {
    const ok = readEventForm(form({ ...base, recurrenceAnchor: "2026-12-03" }));
    expect(ok.success && ok.data.recurrenceAnchor).toBe("2026-12-03");
    const wrongDay = readEventForm(form({ ...base, recurrenceAnchor: "2026-12-02" }));
    expect(wrongDay.success ? null : wrongDay.error.issues[0]?.message).toBe(
      "”Nästa gång” måste vara en av quizets veckodagar",
    );
    const bad = readEventForm(form({ ...base, recurrenceAnchor: "2026-13-01" }));
    expect(bad.success).toBe(false);
    const now = new Date("2026-11-30T11:00:00Z"); // Monday
    if (!ok.success) throw new Error("unreachable");
    expect(ruleFieldsFor(ok.data, now)).toEqual({ recurrenceAnchor: "2026-12-03", recurrenceWeek: null });
    // Without a date, the first row's next night.
    expect(ruleFieldsFor({ ...ok.data, recurrenceAnchor: null }, now).recurrenceAnchor).toBe("2026-12-01");
    // On edit, the next night of the stored fortnights keeps the stored start; a later date skips nights.
    const previous = { recurrence: "biweekly", recurrenceAnchor: "2026-06-04" };
    expect(ruleFieldsFor(ok.data, now, previous).recurrenceAnchor).toBe("2026-06-04");
    const skipping = { ...ok.data, recurrenceAnchor: "2026-12-17" };
    expect(ruleFieldsFor(skipping, now, previous).recurrenceAnchor).toBe("2026-12-17");
    const otherWeeks = { ...ok.data, recurrenceAnchor: "2026-12-10" };
    expect(ruleFieldsFor(otherWeeks, now, previous).recurrenceAnchor).toBe("2026-12-10");
  });

  it("takes the monthly week, and keeps a rule's start on edit while the frequency stays", () => {
    const monthly = readEventForm(form({ ...base, recurrence: "monthly", recurrenceWeek: "-1" }));
    if (!monthly.success) throw new Error(monthly.error.message);
    const now = new Date("2026-11-30T11:00:00Z");
    expect(ruleFieldsFor(monthly.data, now)).toEqual({ recurrenceAnchor: "2026-11-30", recurrenceWeek: -1 });
    const previous = { recurrence: "monthly", recurrenceAnchor: "2025-01-07" };
    expect(ruleFieldsFor(monthly.data, now, previous).recurrenceAnchor).toBe("2025-01-07");
    expect(readEventForm(form({ ...base, recurrence: "monthly", recurrenceWeek: "5" })).success).toBe(false);
  });
});

const PHONE_INVALID = "Ange ett giltigt telefonnummer: siffror, mellanslag, +, - och parenteser";
/** Whether the event form takes the phone number. */
const isPhoneNumber = (phone: string) => readEventForm(form({ ...base, phone })).success;

describe("phone field", () => {
  it("accepts phone numbers as people write them, and empty", () => {
    for (const phone of [
      "",
      "031-12 34 56",
      "+46 31 12 34 56",
      "(031) 123 45",
      "0701234567",
      "+46 (0)8-123 456",
    ]) {
      expect(isPhoneNumber(phone), phone).toBe(true);
    }
  });

  it("refuses letters, other signs, a + after the start and numbers without digits", () => {
    for (const phone of ["ring oss", "031-12 34 56 eller 070", "031/123", "46+31", "--", "()", "1\n2", "+"]) {
      expect(isPhoneNumber(phone), phone).toBe(false);
    }
  });

  it("the schema refuses a bad number with the Swedish message, trims a good one and keeps the 50 limit", () => {
    const bad = readEventForm(form({ ...base, phone: "Ring 031-12 34 56" }));
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]).toMatchObject({ path: ["phone"], message: PHONE_INVALID });
    const good = readEventForm(form({ ...base, phone: "  +46 31-12 34 56 " }));
    expect(good.data?.phone).toBe("+46 31-12 34 56");
    expect(readEventForm(form({ ...base, phone: "" })).data?.phone).toBeNull();
    const long = readEventForm(form({ ...base, phone: "1".repeat(51) }));
    expect(long.error?.issues[0]).toMatchObject({ path: ["phone"], message: "Högst 50 tecken" });
  });
});
