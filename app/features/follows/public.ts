/** What pages of other features show from follows (browser-safe); the signup form is in public-signup.ts. */
export { saveQuiz } from "./my-quizzes-store";
export { SaveQuizButton } from "./save-quiz-button";
