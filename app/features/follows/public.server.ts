/**
 * What the app shell and other features use from follows: the list-mail job, and the hook that alerts an
 * event's followers when a change to its nights is saved.
 */

export { withFollowerAlerts } from "./alerts.server";
export { LIST_MAIL_CRON, LIST_MAIL_JOB_NAME, runListMail } from "./list-jobs.server";
export { CONFIRM_LINK_TTL_MS } from "./subscriptions.server";
