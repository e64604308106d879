import { describe, expect, it } from "vitest";
import { accountMailLimitMessage, authFailureReason, formatWait, UNKNOWN_REASON } from "./auth-messages";

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

describe("the sign-in lockout message", () => {
  it("says how long to wait, in seconds or whole minutes rounded up", () => {
    expect(authFailureReason("SIGN_IN_LIMITED", 429, 8)).toBe(
      "För många inloggningsförsök. Försök igen om 8 sekunder.",
    );
    expect(authFailureReason("SIGN_IN_LIMITED", 429, 61)).toBe(
      "För många inloggningsförsök. Försök igen om 2 minuter.",
    );
    expect(formatWait(1)).toBe("1 sekund");
    expect(formatWait(60)).toBe("1 minut");
    expect(formatWait(900)).toBe("15 minuter");
  });
});

describe("accountMailLimitMessage", () => {
  it("says in Swedish how long an address waits for more account mail", () => {
    expect(accountMailLimitMessage(3599)).toBe(
      "För många förfrågningar från din adress. Försök igen om 60 minuter.",
    );
    expect(accountMailLimitMessage(30)).toBe(
      "För många förfrågningar från din adress. Försök igen om 30 sekunder.",
    );
  });
});
