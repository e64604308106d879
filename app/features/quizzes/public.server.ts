/** What other features may use from quizzes on the server (see public.ts for the rule). */
export { listActiveQuizPages, type QuizPage } from "./quiz-pages.server";
export { createQuizWithQuestions, type NewQuizInput } from "./quizzes.server";
