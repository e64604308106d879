import { isRouteErrorResponse } from "react-router";
import { appErrorCodeOf } from "~/lib/app-error";
import type { FormFailure } from "~/lib/form-errors";
import { UNAVAILABLE_MESSAGE, UNAVAILABLE_STATUS } from "~/lib/unavailable";

export type PageFormAnswer = { ok: true } | (FormFailure & { values: Record<string, string> });

/** What the form tells of a send the action did not answer: the site's own words where it gave them. */
function failureMessage(error: unknown, fallback: string): string {
  if (appErrorCodeOf(error)) return (error as { data: { message: string } }).data.message;
  if (isRouteErrorResponse(error) && error.status === UNAVAILABLE_STATUS) return UNAVAILABLE_MESSAGE;
  return fallback;
}

/**
 * The form pages' client action: a send that got no answer of the action's own (the network, a proxy, the
 * outage answer, the event gone meanwhile) is a failure the form tells beside the visitor's text, not an
 * error page in place of the page the visitor was on.
 */
export async function answerOrFailure(
  serverAction: () => Promise<PageFormAnswer>,
  fallback: string,
): Promise<PageFormAnswer> {
  try {
    return await serverAction();
  } catch (error) {
    return { ok: false, fieldErrors: {}, formError: failureMessage(error, fallback), values: {} };
  }
}
