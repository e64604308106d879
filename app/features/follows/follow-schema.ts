import { z } from "zod";
import { isMailableAddress, normalizeAddress } from "~/features/mail/public";

/** The longest address we accept (RFC 5321's path limit). */
const MAX_ADDRESS_LENGTH = 254;

const EMAIL_INVALID_MESSAGE = "Ange en giltig e-postadress.";

/** One plain address the mail outbox takes, trimmed and lower-cased as it keys its recipients. */
export const emailSchema = z
  .string({ error: EMAIL_INVALID_MESSAGE })
  .trim()
  .max(MAX_ADDRESS_LENGTH, EMAIL_INVALID_MESSAGE)
  .refine(isMailableAddress, EMAIL_INVALID_MESSAGE)
  .transform(normalizeAddress);

/** POST /api/follows: "Påminn mig" for one event's nights. */
export const followInputSchema = z.object({
  eventId: z.uuid({ error: "Eventet finns inte." }),
  email: emailSchema,
});

const NUTIDSQUIZ_TOPIC = "nutidsquiz";

/** POST /api/subscriptions: the weekly NutidsQuiz by mail. */
export const subscriptionInputSchema = z.object({
  email: emailSchema,
  topic: z.literal(NUTIDSQUIZ_TOPIC, { error: "Okänt utskick." }),
});

/** What the forms say once their request went through, whatever the address (nobody learns who follows what). */
export const FOLLOW_REQUESTED_MESSAGE =
  "Tack! Om adressen stämmer får du strax ett mejl med en länk som bekräftar påminnelserna.";
export const SUBSCRIPTION_REQUESTED_MESSAGE =
  "Tack! Om adressen stämmer får du strax ett mejl med en länk som bekräftar prenumerationen.";

/** Where the "Påminn mig" and "Få veckans NutidsQuiz" forms post: a page, so they work without JavaScript. */
export const LIST_SIGNUP_PATH = "/utskick/ny";

/** The forms' fields: which list (`topic`, with `eventId` for an event's nights) and the address. */
const listSignupFormSchema = z.discriminatedUnion(
  "topic",
  [followInputSchema.extend({ topic: z.literal("event") }), subscriptionInputSchema],
  { error: "Okänt utskick." },
);

/** Reads a posted signup form, in the browser before it leaves and again in the action. */
export function readListSignupForm(form: FormData) {
  return listSignupFormSchema.safeParse({
    topic: form.get("topic") ?? undefined,
    eventId: form.get("eventId") ?? undefined,
    email: form.get("email") ?? "",
  });
}
