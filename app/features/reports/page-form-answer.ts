import { type FormFailure, hasFieldErrors } from "~/lib/form-errors";

/**
 * What a report or suggestion page's action answers, as its form reads it (browser-safe): on the page
 * without JavaScript, and through a fetcher in the dialog.
 */
export type PageFormAnswer = { ok: true } | (FormFailure & { values: Record<string, string> });

/** The answer when the action could not be reached or failed (routes' clientAction): nothing to show at a field. */
export const UNREACHED_ANSWER: PageFormAnswer = { ok: false, fieldErrors: {}, formError: null, values: {} };

export const failureOf = (answer: PageFormAnswer | undefined) => (answer && !answer.ok ? answer : null);

/**
 * The line a refused form shows above its fields (and the dialog's toast): the action's own, else `fallback`
 * when nothing at a field explains the refusal; null when the fields do.
 */
export function formErrorText(failure: FormFailure, fallback: string): string | null {
  return failure.formError ?? (hasFieldErrors(failure.fieldErrors) ? null : fallback);
}
