import { describe, expect, it } from "vitest";
import {
  isSpam,
  reportInputSchema,
  reportToSuggestion,
  suggestionInputSchema,
  suggestionToReport,
} from "./report-schema";

describe("reportInputSchema", () => {
  const base = {
    eventId: "2dc09a2b-e9af-4c80-af9d-d1ae73f78a75",
    reportType: "other",
    title: " T ",
    description: "D",
  };

  it("trims text and stores empty optional fields as null", () => {
    expect(reportInputSchema.parse({ ...base, reporterName: " ", contactEmail: "" })).toMatchObject({
      title: "T",
      reporterName: null,
      contactEmail: null,
    });
    expect(reportInputSchema.parse(base)).toMatchObject({ reporterName: null, contactEmail: null });
  });

  it("names the required fields the way the dialog's toast does", () => {
    const result = reportInputSchema.safeParse({ ...base, title: "" });
    expect(result.error?.issues[0]?.message).toBe("Typ, titel och beskrivning är obligatoriska");
  });
});

describe("suggestions", () => {
  it("become a missing_quiz report with the venue as title and the city in the text", () => {
    const input = suggestionInputSchema.parse({ venueName: "Krogen", city: "Malmö", contactName: "Alex" });
    expect(suggestionToReport(input)).toEqual({
      eventId: null,
      reportType: "missing_quiz",
      title: "Krogen",
      description: "Stad: Malmö",
      reporterName: "Alex",
      contactEmail: null,
    });
  });

  it("treat a filled hidden field as spam", () => {
    expect(isSpam({ website: "" })).toBe(false);
    expect(isSpam({})).toBe(false);
    expect(isSpam({ website: "http://x" })).toBe(true);
  });
});

describe("reportToSuggestion", () => {
  it("reads back what suggestionToReport stored", () => {
    const input = {
      venueName: "Kajen",
      city: "Malmö" as const,
      contactName: null,
      contactEmail: null,
      additionalInfo: "Tisdagar 19.\n\nFyra per lag.",
      website: undefined,
    };
    expect(reportToSuggestion(suggestionToReport(input))).toEqual({
      venueName: "Kajen",
      city: "Malmö",
      additionalInfo: "Tisdagar 19.\n\nFyra per lag.",
    });
    expect(reportToSuggestion(suggestionToReport({ ...input, additionalInfo: null }))).toEqual({
      venueName: "Kajen",
      city: "Malmö",
      additionalInfo: null,
    });
  });

  it("keeps a description it cannot read as the notes", () => {
    expect(reportToSuggestion({ title: "Kajen", description: "Något annat" })).toEqual({
      venueName: "Kajen",
      city: null,
      additionalInfo: "Något annat",
    });
  });
});
