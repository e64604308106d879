/** What the app's other features use from reports on the server: the retention of resolved reports. */
export { deleteResolvedReports } from "./report-retention.server";
