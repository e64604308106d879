import { describe, expect, it } from "vitest";
import type { EventFacts } from "~/features/events/public";
import { readEventForm, submittedFormValues } from "./event-form-schema";
import { factFields } from "./event-row-fields";

/** Facts nobody has given. */
const UNKNOWN_FACTS: EventFacts = {
  entryFee: null,
  booking: null,
  bookingUrl: null,
  prize: null,
  difficulty: null,
  language: null,
  wheelchairAccessible: null,
};

function form(fields: Record<string, string>) {
  const data = new FormData();
  data.append("title", "Quiz på Pelikan");
  data.append("scheduleWeekday", "Tisdag");
  data.append("scheduleTime", "19:00");
  data.append("city", "Stockholm");
  data.append("quizType", "Quiz");
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  return data;
}

const errorsOf = (fields: Record<string, string>) => {
  const result = readEventForm(form(fields));
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path[0], i.message]));
};

describe("event facts in the form", () => {
  it("leaves every fact unknown when the form has none of them (a form without the fields)", () => {
    const result = readEventForm(form({}));
    expect(result.success).toBe(true);
    if (!result.success) return;
    expect(factFields(result.data)).toEqual(UNKNOWN_FACTS);
  });

  it("reads known facts: fee in kronor (0 is free), choices, link, prize and wheelchair", () => {
    const result = readEventForm(
      form({
        entryFee: " 40 ",
        booking: "required",
        bookingUrl: "https://example.se/boka",
        prize: "  Presentkort på 500 kr ",
        difficulty: "medium",
        language: "en",
        wheelchairAccessible: "nej",
      }),
    );
    expect(result.success).toBe(true);
    if (!result.success) return;
    expect(factFields(result.data)).toEqual({
      entryFee: 40,
      booking: "required",
      bookingUrl: "https://example.se/boka",
      prize: "Presentkort på 500 kr",
      difficulty: "medium",
      language: "en",
      wheelchairAccessible: false,
    });
    const free = readEventForm(form({ entryFee: "0", wheelchairAccessible: "ja" }));
    expect(free.success && free.data.entryFee).toBe(0);
    expect(free.success && free.data.wheelchairAccessible).toBe(true);
  });

  it("refuses bad facts with Swedish messages at their fields", () => {
    expect(errorsOf({ entryFee: "-5" }).entryFee).toBe("Ange inträdet i hela kronor, 0–10000 (0 = gratis)");
    expect(errorsOf({ entryFee: "40,50" }).entryFee).toMatch(/hela kronor/);
    expect(errorsOf({ entryFee: "10001" }).entryFee).toMatch(/hela kronor/);
    expect(errorsOf({ entryFee: "gratis" }).entryFee).toMatch(/hela kronor/);
    expect(errorsOf({ booking: "maybe" }).booking).toBe("Välj om quizet behöver bokas");
    expect(errorsOf({ bookingUrl: "http://example.se/boka" }).bookingUrl).toBe(
      "Ange bokningslänken som en https-adress (https://…)",
    );
    expect(errorsOf({ bookingUrl: "javascript:alert(1)" }).bookingUrl).toMatch(/https-adress/);
    expect(errorsOf({ booking: "none", bookingUrl: "https://example.se/boka" }).bookingUrl).toBe(
      "En bokningslänk kräver att bokning rekommenderas eller krävs",
    );
    expect(errorsOf({ prize: "x".repeat(201) }).prize).toBe("Högst 200 tecken");
    expect(errorsOf({ prize: "Öl\u0000" }).prize).toBe("Texten innehåller otillåtna tecken.");
    expect(errorsOf({ difficulty: "expert" }).difficulty).toBe("Välj Lätt, Medel eller Svår");
    expect(errorsOf({ language: "de" }).language).toBe("Välj svenska eller engelska");
    expect(errorsOf({ wheelchairAccessible: "kanske" }).wheelchairAccessible).toBe(
      "Välj ja, nej eller vet ej",
    );
  });

  it("gives a refused post's facts back to the form, unknown choices as unknown", () => {
    const values = submittedFormValues(form({ entryFee: "abc", booking: "required", difficulty: "expert" }));
    expect(values).toMatchObject({ entryFee: "abc", booking: "required", difficulty: "", language: "" });
  });
});
