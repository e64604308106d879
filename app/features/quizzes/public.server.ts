export { createQuizWithQuestions } from "./quiz-mutations.server";
export { listActiveQuizPages } from "./quiz-pages.server";
export { findFeaturedWeeklyQuiz, listWeeklyQuizzesPublishedSince } from "./weekly-quizzes.server";
