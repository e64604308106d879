import { describe, expect, it } from "vitest";
import { factsJsonLd } from "./event-json-ld";

describe("event facts in JSON-LD", () => {
  it("claims nothing about the price when the fee is unknown", () => {
    expect(factsJsonLd({ entryFee: null, bookingUrl: "https://example.se/boka", language: null })).toEqual(
      {},
    );
  });

  it("says free and offers 0 SEK for a free quiz", () => {
    expect(factsJsonLd({ entryFee: 0, bookingUrl: null, language: null })).toEqual({
      isAccessibleForFree: true,
      offers: { "@type": "Offer", price: 0, priceCurrency: "SEK" },
    });
  });

  it("offers the fee in SEK with the booking link as the offer's url", () => {
    expect(factsJsonLd({ entryFee: 40, bookingUrl: "https://example.se/boka", language: null })).toEqual({
      isAccessibleForFree: false,
      offers: { "@type": "Offer", price: 40, priceCurrency: "SEK", url: "https://example.se/boka" },
    });
  });

  it("states the quiz's language when it is known, and nothing when it is not", () => {
    expect(factsJsonLd({ entryFee: null, bookingUrl: null, language: "en" })).toEqual({ inLanguage: "en" });
    expect(factsJsonLd({ entryFee: null, bookingUrl: null, language: null })).toEqual({});
  });
});
