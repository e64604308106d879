import { z } from "zod";
import { isMailableAddress, normalizeAddress } from "~/features/mail/public";
import { lineText, multilineText } from "~/lib/text-input";

const EMAIL_INVALID = "Ange en giltig e-postadress.";
const MAX_ADDRESS_LENGTH = 254;
export const CLAIM_MESSAGE_MAX = 1000;

const requiredLine = (missing: string, max: number) =>
  lineText().trim().min(1, missing).max(max, `Högst ${max} tecken`);

const claimFormSchema = z.object({
  name: requiredLine("Ange ditt namn.", 100),
  email: lineText()
    .trim()
    .max(MAX_ADDRESS_LENGTH, EMAIL_INVALID)
    .refine(isMailableAddress, EMAIL_INVALID)
    .transform(normalizeAddress),
  venueRole: requiredLine("Berätta vilken roll du har på stället.", 100),
  message: multilineText()
    .trim()
    .max(CLAIM_MESSAGE_MAX, `Högst ${CLAIM_MESSAGE_MAX} tecken`)
    .transform((v) => v || null),
});

export type ClaimInput = z.infer<typeof claimFormSchema>;

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v : "";
};

export function readClaimForm(form: FormData) {
  return claimFormSchema.safeParse({
    name: text(form, "name"),
    email: text(form, "email"),
    venueRole: text(form, "venueRole"),
    message: text(form, "message"),
  });
}

export function submittedClaimValues(form: FormData) {
  return {
    name: text(form, "name").slice(0, 200),
    email: text(form, "email").slice(0, 300),
    venueRole: text(form, "venueRole").slice(0, 200),
    message: text(form, "message").slice(0, CLAIM_MESSAGE_MAX + 100),
  };
}

export type ClaimValues = ReturnType<typeof submittedClaimValues>;

/** Whoever reads the listing's mailbox answers for the quiz already, and the sign-in link goes there. */
export function isListingAddress(claimEmail: string, listingEmail: string | null | undefined): boolean {
  if (!listingEmail) return false;
  const listing = normalizeAddress(listingEmail);
  return isMailableAddress(listing) && normalizeAddress(claimEmail) === listing;
}

export const CLAIM_ADDRESS_LIMIT = { limit: 5, windowMs: 60 * 60_000 };
export const CLAIM_EVENT_LIMIT = { limit: 10, windowMs: 24 * 60 * 60_000 };
export const CLAIM_LIMITED_MESSAGE = "För många ansökningar just nu. Försök igen senare.";

/** The same whatever the address, beyond the listing's own. */
export const CLAIM_RECEIVED_MESSAGE =
  "Tack! Vi har tagit emot din ansökan. När en administratör har godkänt den får du ett mejl med en inloggningslänk.";
export const CLAIM_APPROVED_MESSAGE =
  "Tack! Adressen är quizets egen, så du är redan godkänd som quizvärd. Vi har mejlat dig en inloggningslänk.";

/** The same whether or not the address hosts a quiz. */
export const SIGN_IN_LINK_SENT_MESSAGE =
  "Om adressen hör till en quizvärd har vi mejlat en inloggningslänk. Den gäller i en timme.";
export const HOST_SIGN_IN_LIMITED_MESSAGE = "För många försök. Försök igen om en stund.";

const signInFormSchema = z.object({
  email: lineText()
    .trim()
    .max(MAX_ADDRESS_LENGTH, EMAIL_INVALID)
    .refine(isMailableAddress, EMAIL_INVALID)
    .transform(normalizeAddress),
});

export function readSignInForm(form: FormData) {
  return signInFormSchema.safeParse({ email: text(form, "email") });
}

/** The recipient's mail cap bounds the rest. */
export const HOST_SIGN_IN_ADDRESS_LIMIT = { limit: 10, windowMs: 60 * 60_000 };
