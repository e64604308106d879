import { describe, expect, it } from "vitest";
import { isListingAddress, readClaimForm, readSignInForm } from "./claim-rules";

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
}

const valid = { name: " Kim Värd ", email: " Kim@Example.SE ", venueRole: "Quizmaster", message: "" };

describe("claim form", () => {
  it("trims the fields, keys the address as the mail outbox does and makes an empty message null", () => {
    const parsed = readClaimForm(form(valid));
    expect(parsed.success && parsed.data).toEqual({
      name: "Kim Värd",
      email: "kim@example.se",
      venueRole: "Quizmaster",
      message: null,
    });
  });

  it("asks for a name, an address and a role, each at its field", () => {
    const parsed = readClaimForm(form({ name: "  ", email: "kim", venueRole: "" }));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ["name", "Ange ditt namn."],
      ["email", "Ange en giltig e-postadress."],
      ["venueRole", "Berätta vilken roll du har på stället."],
    ]);
  });

  it("refuses control characters in every field; a message may have line breaks", () => {
    for (const field of ["name", "email", "venueRole", "message"]) {
      const parsed = readClaimForm(form({ ...valid, [field]: "a\u0007b" }));
      expect(parsed.error?.issues[0]).toMatchObject({ path: [field] });
    }
    expect(readClaimForm(form({ ...valid, name: "Kim\nVärd" })).success).toBe(false);
    expect(readClaimForm(form({ ...valid, message: "Hej!\r\nVi ses." })).success).toBe(true);
  });

  it("bounds the lengths", () => {
    expect(readClaimForm(form({ ...valid, name: "x".repeat(101) })).success).toBe(false);
    expect(readClaimForm(form({ ...valid, message: "x".repeat(1001) })).success).toBe(false);
    expect(readClaimForm(form({ ...valid, message: "x".repeat(1000) })).success).toBe(true);
  });
});

describe("the listing's own address", () => {
  it("matches case-insensitively and ignoring surrounding space", () => {
    expect(isListingAddress("info@kajen.se", " Info@Kajen.SE ")).toBe(true);
    expect(isListingAddress("INFO@KAJEN.SE", "info@kajen.se")).toBe(true);
  });

  it("never matches a missing, different or unmailable listing address", () => {
    expect(isListingAddress("info@kajen.se", null)).toBe(false);
    expect(isListingAddress("info@kajen.se", "")).toBe(false);
    expect(isListingAddress("info@kajen.se", "info@kajen.com")).toBe(false);
    expect(isListingAddress("info@kajen.se", "Kajen <info@kajen.se>")).toBe(false);
  });
});

describe("host sign-in form", () => {
  it("takes one address", () => {
    expect(readSignInForm(form({ email: " Vard@Example.se" })).data).toEqual({ email: "vard@example.se" });
    expect(readSignInForm(form({ email: "vard@example.se\u0000" })).success).toBe(false);
    expect(readSignInForm(form({})).success).toBe(false);
  });
});
