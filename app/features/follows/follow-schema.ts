import { z } from "zod";
import { normalizeAddress } from "~/features/mail/public";
import { EMAIL_INVALID_MESSAGE, isAcceptableAddress } from "./list-signup-check";

/** Lower-cased as the mail outbox keys its recipients. */
const emailSchema = z
  .string({ error: EMAIL_INVALID_MESSAGE })
  .trim()
  .refine(isAcceptableAddress, EMAIL_INVALID_MESSAGE)
  .transform(normalizeAddress);

/** 32 random bytes, base64url. */
export const FEED_KEY = /^[A-Za-z0-9_-]{32,64}$/;

/** `feedKey`: the follow joins that browser's "Mina quiz" list, and its end leaves it. */
export const followInputSchema = z.object({
  eventId: z.uuid({ error: "Eventet finns inte." }),
  email: emailSchema,
  feedKey: z.string().regex(FEED_KEY).optional().catch(undefined),
});

const NUTIDSQUIZ_TOPIC = "nutidsquiz";

export const subscriptionInputSchema = z.object({
  email: emailSchema,
  topic: z.literal(NUTIDSQUIZ_TOPIC, { error: "Okänt utskick." }),
});

/** The same whatever the address: nobody learns who follows what. */
export const FOLLOW_REQUESTED_MESSAGE =
  "Tack! Om adressen stämmer får du strax ett mejl med en länk som bekräftar påminnelserna.";
export const SUBSCRIPTION_REQUESTED_MESSAGE =
  "Tack! Om adressen stämmer får du strax ett mejl med en länk som bekräftar prenumerationen.";

const listSignupFormSchema = z.discriminatedUnion(
  "topic",
  [followInputSchema.extend({ topic: z.literal("event") }), subscriptionInputSchema],
  { error: "Okänt utskick." },
);

/** The browser checks the address with checkListSignupForm. */
export function readListSignupForm(form: FormData) {
  return listSignupFormSchema.safeParse({
    topic: form.get("topic") ?? undefined,
    eventId: form.get("eventId") ?? undefined,
    email: form.get("email") ?? "",
    feedKey: form.get("feedKey") ?? undefined,
  });
}
