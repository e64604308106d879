/** What other features may use from the change history on the server: recording a change, a night's value. */
export { nightValue, recordEventChanges } from "./event-history.server";
