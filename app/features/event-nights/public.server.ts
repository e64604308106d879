/** What other features may use from an event's nights on the server: changing them. */
export { changeDates, changeNight, type NightChange } from "./night-changes.server";
