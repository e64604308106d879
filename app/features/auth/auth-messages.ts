import { CONTROL_CHARACTERS_MESSAGE } from "~/lib/text-input";
import { MIN_PASSWORD_LENGTH } from "./password-rules";

export type ToastText = { title: string; description?: string };

const OTHER_SITE_LINK = "Länken leder till en annan webbplats och kan inte användas.";
const OTHER_ORIGIN =
  "Sidan är öppnad på en annan adress än webbplatsens egen. Öppna webbplatsen via dess adress och försök igen.";

/** better-auth answers with English codes; the person at the keyboard gets a Swedish reason instead, from the forms and in every refusal of /api/auth/* (auth-http.server.ts). */
const REASONS = {
  INVALID_EMAIL_OR_PASSWORD: "Fel e-post eller lösenord.",
  INVALID_EMAIL: "Ogiltig e-postadress.",
  INVALID_PASSWORD: "Fel lösenord.",
  USER_ALREADY_EXISTS: "Det finns redan ett konto med den e-postadressen.",
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: "Det finns redan ett konto med den e-postadressen.",
  PASSWORD_TOO_SHORT: `Lösenordet måste vara minst ${MIN_PASSWORD_LENGTH} tecken långt.`,
  PASSWORD_TOO_LONG: "Lösenordet är för långt.",
  INVALID_OTP: "Koden är fel. Kontrollera koden i mejlet.",
  OTP_EXPIRED: "Koden har gått ut. Begär en ny kod.",
  TOO_MANY_ATTEMPTS: "För många felaktiga försök. Begär en ny kod.",
  INVALID_TOKEN: "Återställningslänken är ogiltig eller har gått ut. Begär en ny länk.",
  USER_NOT_FOUND: "Det finns inget konto med den e-postadressen.",
  SIGN_IN_LIMITED: "För många inloggningsförsök. Försök igen om en stund.",
  TOKEN_EXPIRED: "Länken har gått ut. Begär en ny länk.",
  TOO_MANY_REQUESTS: "För många försök. Försök igen om en stund.",
  INVALID_ORIGIN: OTHER_ORIGIN,
  MISSING_OR_NULL_ORIGIN: OTHER_ORIGIN,
  CROSS_SITE_NAVIGATION_LOGIN_BLOCKED: OTHER_ORIGIN,
  INVALID_CALLBACK_URL: OTHER_SITE_LINK,
  INVALID_REDIRECT_URL: OTHER_SITE_LINK,
  INVALID_ERROR_CALLBACK_URL: OTHER_SITE_LINK,
  INVALID_NEW_USER_CALLBACK_URL: OTHER_SITE_LINK,
  INVALID_INPUT: CONTROL_CHARACTERS_MESSAGE,
  VALIDATION_ERROR: "Uppgifterna saknas eller är felaktiga. Kontrollera dem och försök igen.",
  SESSION_EXPIRED: "Din inloggning har gått ut. Logga in igen.",
  UNAUTHORIZED: "Inloggning krävs",
  FORBIDDEN: "Åtkomst nekad",
  NOT_FOUND: "Sidan finns inte.",
  NETWORK: "Kunde inte nå servern. Kontrollera anslutningen och försök igen.",
} satisfies Record<string, string>;
const reasonByCode: Record<string, string> = REASONS;

const UNKNOWN_REASON = "Något gick fel. Försök igen.";

/** How long to wait, in whole seconds or minutes (rounded up). */
function formatWait(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? "1 sekund" : `${seconds} sekunder`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? "1 minut" : `${minutes} minuter`;
}

export function signInLimitMessage(waitSeconds: number): string {
  return `För många inloggningsförsök. Försök igen om ${formatWait(waitSeconds)}.`;
}

/** Too many requests for account mail from one address, saying how long to wait. */
export function accountMailLimitMessage(waitSeconds: number): string {
  return `För många förfrågningar från din adress. Försök igen om ${formatWait(waitSeconds)}.`;
}

export function authFailureReason(code: string | undefined, status?: number, retryAfter?: number): string {
  if (code === "SIGN_IN_LIMITED" && retryAfter) return signInLimitMessage(retryAfter);
  // Every other request limit counts the client's address (ours and better-auth's own).
  if (code === "TOO_MANY_REQUESTS" && retryAfter) return accountMailLimitMessage(retryAfter);
  const reason = code ? reasonByCode[code] : undefined;
  if (reason) return reason;
  if (status === 429) return REASONS.TOO_MANY_REQUESTS;
  return UNKNOWN_REASON;
}
