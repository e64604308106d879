/** What other features may use from reports. */
export { ReportDialog } from "./report-dialog";
