import { describe, expect, it } from "vitest";
import { authFailureReason, UNKNOWN_REASON } from "./auth-messages";

describe("authFailureReason", () => {
  it("gives a Swedish reason for known codes, by status for rate limits, and a general one otherwise", () => {
    expect(authFailureReason("INVALID_EMAIL_OR_PASSWORD", 401)).toBe("Fel e-post eller lösenord.");
    expect(authFailureReason("PASSWORD_TOO_SHORT", 400)).toBe("Lösenordet måste vara minst 6 tecken långt.");
    expect(authFailureReason(undefined, 429)).toBe("För många försök. Försök igen om en stund.");
    expect(authFailureReason("SOMETHING_NEW", 500)).toBe(UNKNOWN_REASON);
    // A sign-in from an address the server does not accept says so instead of failing silently.
    expect(authFailureReason("INVALID_ORIGIN", 403)).toContain("annan adress än webbplatsens egen");
  });
});
