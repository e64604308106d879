/** What other features use from the beer activity report: the periods it can show, the longest of which sets how long single skålor are kept. */
export { PERIOD_HOURS } from "./beer-activity";
