export { NUTIDSQUIZ_CATEGORY } from "./categories";
export { OPTION_LETTERS } from "./option-letters";
export { sourceLabel } from "./quiz-format";
export { nutidsQuizWeekFor, weeklyQuizLabel } from "./weekly";
