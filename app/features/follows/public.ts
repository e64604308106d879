/** What pages of other features show from follows (browser-safe). */
export { keepPageAfterListSignup, ListSignupForm } from "./list-signup-form";
export { saveQuiz } from "./my-quizzes-store";
export { SaveQuizButton } from "./save-quiz-button";
