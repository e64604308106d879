import { describe, expect, it } from "vitest";
import { entryFeeJsonLd } from "./event-json-ld";

describe("event facts in JSON-LD", () => {
  it("claims nothing about the price when the fee is unknown", () => {
    expect(entryFeeJsonLd({ entryFee: null, bookingUrl: "https://example.se/boka" })).toEqual({});
  });

  it("says free and offers 0 SEK for a free quiz", () => {
    expect(entryFeeJsonLd({ entryFee: 0, bookingUrl: null })).toEqual({
      isAccessibleForFree: true,
      offers: { "@type": "Offer", price: 0, priceCurrency: "SEK" },
    });
  });

  it("offers the fee in SEK with the booking link as the offer's url", () => {
    expect(entryFeeJsonLd({ entryFee: 40, bookingUrl: "https://example.se/boka" })).toEqual({
      isAccessibleForFree: false,
      offers: { "@type": "Offer", price: 40, priceCurrency: "SEK", url: "https://example.se/boka" },
    });
  });
});
