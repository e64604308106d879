import { isRouteErrorResponse } from "react-router";
import type { FormFailure } from "~/lib/form-errors";
import { UNAVAILABLE_MESSAGE, UNAVAILABLE_STATUS } from "~/lib/unavailable";

export type PageFormAnswer = { ok: true } | (FormFailure & { values: Record<string, string> });

/**
 * The form pages' client action: a send that got no answer of the action's own (the network, a proxy, the
 * outage answer) is a failure the form tells beside the visitor's text, not an error page in its place.
 */
export async function answerOrFailure(
  serverAction: () => Promise<PageFormAnswer>,
  message: string,
): Promise<PageFormAnswer> {
  try {
    return await serverAction();
  } catch (error) {
    const isOutage = isRouteErrorResponse(error) && error.status === UNAVAILABLE_STATUS;
    return { ok: false, fieldErrors: {}, formError: isOutage ? UNAVAILABLE_MESSAGE : message, values: {} };
  }
}
