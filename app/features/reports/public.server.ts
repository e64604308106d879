export { deleteResolvedReports } from "./report-retention.server";
