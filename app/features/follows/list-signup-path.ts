import type { ShouldRevalidateFunctionArgs } from "react-router";

/** Where the "Påminn mig" and "Få veckans NutidsQuiz" forms post: a page, so they work without JavaScript. */
export const LIST_SIGNUP_PATH = "/utskick/ny";

/**
 * The `shouldRevalidate` of a page that shows a signup form: a signup changes nothing the page shows, so
 * the page's data is not read again after one. Apart from the form, whose code is a chunk of its own.
 */
export function keepPageAfterListSignup({
  formAction,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return formAction === LIST_SIGNUP_PATH ? false : defaultShouldRevalidate;
}
