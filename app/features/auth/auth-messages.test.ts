import { describe, expect, it } from "vitest";
import { accountMailLimitMessage, authFailureReason } from "./auth-messages";

describe("authFailureReason", () => {
  it("gives a Swedish reason for known codes, by status for rate limits, and a general one otherwise", () => {
    expect(authFailureReason("INVALID_EMAIL_OR_PASSWORD", 401)).toBe("Fel e-post eller lösenord.");
    expect(authFailureReason("PASSWORD_TOO_SHORT", 400)).toBe("Lösenordet måste vara minst 6 tecken långt.");
    expect(authFailureReason(undefined, 429)).toBe("För många försök. Försök igen om en stund.");
    expect(authFailureReason("SOMETHING_NEW", 500)).toBe("Något gick fel. Försök igen.");
    // A sign-in from an address the server does not accept says so instead of failing silently.
    expect(authFailureReason("INVALID_ORIGIN", 403)).toContain("annan adress än webbplatsens egen");
  });
});

describe("refusals of better-auth's own checks", () => {
  it("say in Swedish what is wrong with the code, the link or the page's address", () => {
    expect(authFailureReason("OTP_EXPIRED", 400)).toBe("Koden har gått ut. Begär en ny kod.");
    expect(authFailureReason("TOO_MANY_ATTEMPTS", 403)).toBe("För många felaktiga försök. Begär en ny kod.");
    expect(authFailureReason("INVALID_CALLBACK_URL", 403)).toBe(
      "Länken leder till en annan webbplats och kan inte användas.",
    );
    expect(authFailureReason("INVALID_REDIRECT_URL", 403)).toBe(authFailureReason("INVALID_CALLBACK_URL"));
    expect(authFailureReason("MISSING_OR_NULL_ORIGIN", 403)).toBe(authFailureReason("INVALID_ORIGIN"));
    expect(authFailureReason("VALIDATION_ERROR", 400)).toBe(
      "Uppgifterna saknas eller är felaktiga. Kontrollera dem och försök igen.",
    );
    expect(authFailureReason("NOT_FOUND", 404)).toBe("Sidan finns inte.");
  });

  it("say how long to wait when a request limit says so, and that it is the address that waits", () => {
    expect(authFailureReason("TOO_MANY_REQUESTS", 429, 42)).toBe(
      "För många förfrågningar från din adress. Försök igen om 42 sekunder.",
    );
    expect(authFailureReason("TOO_MANY_REQUESTS", 429)).toBe("För många försök. Försök igen om en stund.");
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
    const wait = (seconds: number) => authFailureReason("SIGN_IN_LIMITED", 429, seconds);
    expect(wait(1)).toBe("För många inloggningsförsök. Försök igen om 1 sekund.");
    expect(wait(60)).toBe("För många inloggningsförsök. Försök igen om 1 minut.");
    expect(wait(900)).toBe("För många inloggningsförsök. Försök igen om 15 minuter.");
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
