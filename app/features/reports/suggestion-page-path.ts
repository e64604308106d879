export const SUGGESTION_PAGE_PATH = "/foresla-quiz";
