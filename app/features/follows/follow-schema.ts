import { z } from "zod";
import { normalizeAddress } from "~/features/mail/public";
import { EMAIL_INVALID_MESSAGE, isAcceptableAddress } from "./list-signup-check";

/** One plain address the mail outbox takes, trimmed and lower-cased as it keys its recipients. */
const emailSchema = z
  .string({ error: EMAIL_INVALID_MESSAGE })
  .trim()
  .refine(isAcceptableAddress, EMAIL_INVALID_MESSAGE)
  .transform(normalizeAddress);

/** A key the browser made, to read or to write: 32–64 URL-safe characters (32 random bytes, base64url). */
export const FEED_KEY = /^[A-Za-z0-9_-]{32,64}$/;

/**
 * POST /api/follows: "Påminn mig" for one event's nights. `feedKey` is the asking browser's "Mina quiz" key
 * (the follow joins that list; its end leaves it); anything else there is ignored.
 */
export const followInputSchema = z.object({
  eventId: z.uuid({ error: "Eventet finns inte." }),
  email: emailSchema,
  feedKey: z.string().regex(FEED_KEY).optional().catch(undefined),
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

/** The forms' fields: which list (`topic`, with `eventId` for an event's nights) and the address. */
const listSignupFormSchema = z.discriminatedUnion(
  "topic",
  [followInputSchema.extend({ topic: z.literal("event") }), subscriptionInputSchema],
  { error: "Okänt utskick." },
);

/** Reads a posted signup form in the action (the browser checks the address with checkListSignupForm). */
export function readListSignupForm(form: FormData) {
  return listSignupFormSchema.safeParse({
    topic: form.get("topic") ?? undefined,
    eventId: form.get("eventId") ?? undefined,
    email: form.get("email") ?? "",
    feedKey: form.get("feedKey") ?? undefined,
  });
}
