/** What other parts of the app may use from quiz generation on the server: the demo seed drafts with it. */

export { type GenerationEnv, generateDailyQuiz } from "./generate.server";
