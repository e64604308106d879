import { cityByName } from "~/lib/cities";
import { action as reportPageAction } from "~/routes/public/report";
import { action as suggestPageAction } from "~/routes/public/suggest";
import { callRoute } from "./call-route";

/**
 * Posts to the report and suggestion pages' actions as their forms do (the page without JavaScript and the
 * dialogs' fetchers alike), and reads the answer as the form does: its status and the action's data.
 */
type FormAnswer = {
  status: number;
  ok: boolean;
  fieldErrors?: Record<string, string>;
  formError?: string | null;
  values?: Record<string, string>;
};

let ipCounter = 0;
/** A fresh client address for each post, so the per-address limits never meet unless a test wants them to. */
const nextClientIp = () => `10.2.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

function formPost(
  path: string,
  fields: Record<string, string> | string,
  headers: Record<string, string> = {},
) {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "x-quizkvall-client-ip": nextClientIp(),
      origin: "http://localhost:3000",
      ...headers,
    },
    body: typeof fields === "string" ? fields : new URLSearchParams(fields),
  });
}

async function answerOf(action: (args: never) => unknown, request: Request, params = {}) {
  const result = await callRoute<{ data: Omit<FormAnswer, "status">; init?: { status?: number } }>(
    action,
    request,
    params,
  );
  return { status: result.init?.status ?? 200, ...result.data } as FormAnswer;
}

/** The report page of an event, by its city and slug. */
function reportPathOf(event: { city: string; slug: string }) {
  return { city: cityByName(event.city)?.slug ?? "", slug: event.slug };
}

export function sendReport(
  event: { city: string; slug: string },
  fields: Record<string, string> | string,
  headers?: Record<string, string>,
) {
  const params = reportPathOf(event);
  const request = formPost(`/quiz/${params.city}/${params.slug}/rapportera`, fields, headers);
  return answerOf(reportPageAction, request, params);
}

export function sendSuggestion(fields: Record<string, string> | string, headers?: Record<string, string>) {
  return answerOf(suggestPageAction, formPost("/foresla-quiz", fields, headers));
}
