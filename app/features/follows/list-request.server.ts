import { AppError, formFailure } from "~/lib/app-error";
import type { Db } from "~/lib/db.server";
import { type FormFailure, fieldErrorsOf } from "~/lib/form-errors";
import { isUuid } from "~/lib/http.server";
import { clientIp, hitRateLimit, type RateLimitOutcome } from "~/lib/rate-limit.server";
import {
  FOLLOW_REQUESTED_MESSAGE,
  readListSignupForm,
  SUBSCRIPTION_REQUESTED_MESSAGE,
} from "./follow-schema";
import { findFollowedEvent, requestList } from "./subscriptions.server";

/** Following a few nights in a row is normal; the recipient's mail caps guard an inbox from many addresses. */
const LIST_REQUEST_RATE_LIMIT = { limit: 20, windowMs: 10 * 60_000 };
export const LIST_REQUEST_LIMITED_MESSAGE = "För många förfrågningar. Försök igen om en stund.";
const NO_EVENT_MESSAGE = "Eventet finns inte.";
const UNKNOWN_LIST_MESSAGE = "Okänt utskick.";

export function hitListRequestLimit(db: Db, request: Request, now?: Date): Promise<RateLimitOutcome> {
  return hitRateLimit(db, `list:${clientIp(request)}`, LIST_REQUEST_RATE_LIMIT, now);
}

type SignupTarget =
  | { topic: "event"; eventId: string; title: string; path: string }
  | { topic: "nutidsquiz" };

/** The same words whatever the address, once it is well-formed. */
export type ListSignupAnswer =
  | { ok: true; message: string; target: SignupTarget }
  | (FormFailure & { values: { email: string }; target: SignupTarget | null });

/** The same checks, rate limit and double opt-in as the JSON endpoints, for forms posted without JavaScript. */
export async function answerListSignupForm(
  db: Db,
  request: Request,
  form: FormData,
  now: Date,
): Promise<{ status: number; answer: ListSignupAnswer }> {
  const email = String(form.get("email") ?? "").slice(0, 300);
  const fail = (error: AppError, target: SignupTarget | null) => ({
    status: error.status,
    answer: formFailure(error, { values: { email }, target }),
  });
  const target = await targetOfForm(db, form);
  if (!target) {
    const refused =
      form.get("topic") === "event"
        ? new AppError("not-found", { message: NO_EVENT_MESSAGE })
        : new AppError("bad-request", { message: UNKNOWN_LIST_MESSAGE });
    return fail(refused, null);
  }
  const parsed = readListSignupForm(form);
  if (!parsed.success)
    return fail(new AppError("bad-request", { fieldErrors: fieldErrorsOf(parsed.error) }), target);
  const limited = await hitListRequestLimit(db, request, now);
  if (!limited.allowed) {
    const { retryAfterSeconds } = limited;
    return fail(
      new AppError("rate-limited", { message: LIST_REQUEST_LIMITED_MESSAGE, retryAfterSeconds }),
      target,
    );
  }
  const input = parsed.data;
  const outcome = await requestList(
    db,
    {
      email: input.email,
      topic: input.topic,
      eventId: input.topic === "event" ? input.eventId : null,
      feedKey: input.topic === "event" ? input.feedKey : null,
    },
    now,
  );
  if (!outcome.ok) return fail(new AppError("not-found", { message: NO_EVENT_MESSAGE }), null);
  const message = input.topic === "event" ? FOLLOW_REQUESTED_MESSAGE : SUBSCRIPTION_REQUESTED_MESSAGE;
  return { status: 202, answer: { ok: true, message, target } };
}

async function targetOfForm(db: Db, form: FormData): Promise<SignupTarget | null> {
  const topic = form.get("topic");
  if (topic === "nutidsquiz") return { topic: "nutidsquiz" };
  const eventId = form.get("eventId");
  if (topic !== "event" || typeof eventId !== "string" || !isUuid(eventId)) return null;
  const id = eventId.toLowerCase();
  const event = await findFollowedEvent(db, id);
  return event ? { topic: "event", eventId: id, ...event } : null;
}
