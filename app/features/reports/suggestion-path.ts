/** The suggestion form's page, where home's button leads without JavaScript and the dialog posts to. */
export const SUGGESTION_PAGE_PATH = "/foresla-quiz";
