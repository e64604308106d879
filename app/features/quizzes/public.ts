/** What other features may use from quizzes in the browser or on the server. */
export { NUTIDSQUIZ_CATEGORY } from "./categories";
export { OPTION_LETTERS } from "./option-letters";
export { sourceLabel } from "./quiz-format";
export { nutidsQuizWeekFor, weeklyQuizLabel } from "./weekly";
