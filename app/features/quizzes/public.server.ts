/** What other features may use from quizzes on the server (see public.ts for the rule). */

export { createQuizWithQuestions } from "./quiz-mutations.server";
export { listActiveQuizPages } from "./quiz-pages.server";
export { listWeeklyQuizzesPublishedSince } from "./weekly-quizzes.server";
