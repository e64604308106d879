/** What pages of other features show from follows (browser-safe). */
import { deferred } from "~/components/ui/deferred";

export { keepPageAfterListSignup } from "./list-signup-path";
export { saveQuiz } from "./my-quizzes-store";
export { SaveQuizButton } from "./save-quiz-button";

/**
 * The signup form is a plain form that posts without JavaScript; its code (checks, the in-place answer)
 * loads when the visitor first acts (ui/deferred.tsx).
 */
export const ListSignupForm = deferred(() => import("./list-signup-form").then((m) => m.ListSignupForm));
