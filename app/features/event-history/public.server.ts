export { nightValue, recordEventChanges } from "./event-history.server";
