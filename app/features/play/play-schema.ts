import { z } from "zod";
import { isValidVisitorId, QUESTION_REPORT_REASONS, type QuestionReportReason } from "./play-rules";

/** The play endpoints' schemas: kept apart from the rules the player shows, so zod stays out of its bundle. */

/**
 * The one form a visitor id is stored and compared in. The browser writes base 36 in lower case, so an
 * upper-case copy of an id is the same visitor and cannot count a second play or vote.
 */
export const PLAY_VISITOR_ID = z
  .string()
  .refine(isValidVisitorId)
  .transform((v) => v.toLowerCase());

export const QUESTION_REPORT_REASON = z.enum(
  Object.keys(QUESTION_REPORT_REASONS) as [QuestionReportReason, ...QuestionReportReason[]],
  { error: "Välj fel svar, otydlig eller inaktuell" },
);
