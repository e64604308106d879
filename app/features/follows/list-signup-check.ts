import { isMailableAddress } from "~/features/mail/public";
import type { FieldErrors } from "~/lib/form-errors";

// Without zod, so the forms' pages need no schema library in the browser.

/** RFC 5321's path limit. */
const MAX_ADDRESS_LENGTH = 254;

export const EMAIL_INVALID_MESSAGE = "Ange en giltig e-postadress.";

export function isAcceptableAddress(trimmed: string): boolean {
  return trimmed.length <= MAX_ADDRESS_LENGTH && isMailableAddress(trimmed);
}

/** The address only; the action checks the rest, and the address again. */
export function checkListSignupForm(form: FormData): FieldErrors | null {
  const email = form.get("email");
  return typeof email === "string" && isAcceptableAddress(email.trim())
    ? null
    : { email: EMAIL_INVALID_MESSAGE };
}
