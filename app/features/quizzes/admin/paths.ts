/** The admin quiz list's address; navigating to it shows the skeleton page at once. */
export const ADMIN_QUIZ_LIST_PATH = "/admin/quizzes";
