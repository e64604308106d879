/**
 * What other features may use from reports. Routes import the feature's own modules; another feature
 * imports only this file.
 */
export { ReportDialog } from "./report-dialog";
