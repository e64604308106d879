import type { z } from "zod";
import { AppError, formFailure } from "~/lib/app-error";
import type { Db } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { fieldErrorsOf } from "~/lib/form-errors";
import { CROSS_SITE_MESSAGE, isSameOriginRequest } from "~/lib/origin";
import {
  clientIp,
  hitRateLimit,
  hitVisitorReportLimit,
  type RateLimitOutcome,
  VISITOR_REPORT_LIMITED_MESSAGE,
} from "~/lib/rate-limit.server";
import type { PageFormAnswer } from "./page-form-answer";
import { isSpam, reportInputSchema, suggestionInputSchema } from "./report-schema";
import { createReport, createSuggestion } from "./reports.server";

/**
 * The report and suggestion forms posted to their pages (routes/public/report.tsx, suggest.tsx), for
 * the dialogs and for browsers without JavaScript: the same schema, rate limit, spam check and insert as the
 * JSON endpoints (routes/api/reports.ts, reports-suggestions.ts), answered for the form to show.
 */
const SUGGESTION_RATE_LIMIT = { limit: 20, windowMs: 10 * 60_000 };
export const SUGGESTION_LIMITED_MESSAGE = "För många förslag. Försök igen om en stund.";
export const NO_EVENT_MESSAGE = "Eventet finns inte.";

/** Every count of suggestions from one address (the JSON endpoint's too). */
export function hitSuggestionLimit(db: Db, request: Request): Promise<RateLimitOutcome> {
  return hitRateLimit(db, `suggestion:${clientIp(request)}`, SUGGESTION_RATE_LIMIT);
}

type Answered = { status: number; answer: PageFormAnswer };

const fail = (error: AppError, values: Record<string, string>): Answered => ({
  status: error.status,
  answer: formFailure(error, { values }),
});
const invalid = (values: Record<string, string>, error: z.ZodError) =>
  fail(new AppError("bad-request", { fieldErrors: fieldErrorsOf(error) }), values);
const limitedTo = (message: string, values: Record<string, string>) =>
  fail(new AppError("rate-limited", { message }), values);

/** The text fields of a posted form (a file or a repeated name counts once, as text). */
function textValues(form: FormData, names: readonly string[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of names) {
    const value = form.get(name);
    if (typeof value === "string") values[name] = value;
  }
  return values;
}

async function readForm(
  request: Request,
  names: readonly string[],
): Promise<{ refused: Answered } | { values: Record<string, string> }> {
  if (!isSameOriginRequest(request, getEnv()))
    return { refused: fail(new AppError("forbidden", { message: CROSS_SITE_MESSAGE }), {}) };
  const form = await request.formData().catch(() => null);
  if (!form) return { refused: fail(new AppError("bad-request"), {}) };
  return { values: textValues(form, names) };
}

/** The posted fields are the schema's; the event comes from the page's address. */
const REPORT_FIELDS = Object.keys(reportInputSchema.shape).filter((name) => name !== "eventId");

export async function answerReportForm(db: Db, request: Request, eventId: string): Promise<Answered> {
  const read = await readForm(request, REPORT_FIELDS);
  if ("refused" in read) return read.refused;
  const { values } = read;
  const limited = await hitVisitorReportLimit(db, request);
  if (!limited.allowed) return limitedTo(VISITOR_REPORT_LIMITED_MESSAGE, values);
  const parsed = reportInputSchema.safeParse({ ...values, eventId });
  if (!parsed.success) return invalid(values, parsed.error);
  // A bot that filled the hidden field is answered like everyone else, and nothing is stored.
  if (isSpam(parsed.data)) return { status: 200, answer: { ok: true } };
  const report = await createReport(db, parsed.data);
  if (!report) return fail(new AppError("not-found", { message: NO_EVENT_MESSAGE }), values);
  return { status: 200, answer: { ok: true } };
}

const SUGGESTION_FIELDS = Object.keys(suggestionInputSchema.shape);

export async function answerSuggestionForm(db: Db, request: Request): Promise<Answered> {
  const read = await readForm(request, SUGGESTION_FIELDS);
  if ("refused" in read) return read.refused;
  const { values } = read;
  const limited = await hitSuggestionLimit(db, request);
  if (!limited.allowed) return limitedTo(SUGGESTION_LIMITED_MESSAGE, values);
  const parsed = suggestionInputSchema.safeParse(values);
  if (!parsed.success) return invalid(values, parsed.error);
  if (!isSpam(parsed.data)) await createSuggestion(db, parsed.data);
  return { status: 200, answer: { ok: true } };
}
