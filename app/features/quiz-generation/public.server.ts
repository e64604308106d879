export { type GenerationEnv, generateDailyQuiz } from "./generate.server";
