import { isMailableAddress } from "~/features/mail/public";
import type { FieldErrors } from "~/lib/form-errors";

/**
 * The signup forms' own rules, without zod: the browser checks the address with them before a form leaves
 * (so the forms' pages need no schema library), and follow-schema.ts builds the actions' schemas on them.
 */

/** The longest address we accept (RFC 5321's path limit). */
const MAX_ADDRESS_LENGTH = 254;

export const EMAIL_INVALID_MESSAGE = "Ange en giltig e-postadress.";

/** Whether a trimmed address is one the lists take. */
export function isAcceptableAddress(trimmed: string): boolean {
  return trimmed.length <= MAX_ADDRESS_LENGTH && isMailableAddress(trimmed);
}

/**
 * The browser's check of a signup form: the address, the one field a visitor types. Which list it is
 * (`topic`, `eventId`) comes from the page and is checked by the action, with the address again.
 */
export function checkListSignupForm(form: FormData): FieldErrors | null {
  const email = form.get("email");
  return typeof email === "string" && isAcceptableAddress(email.trim())
    ? null
    : { email: EMAIL_INVALID_MESSAGE };
}
