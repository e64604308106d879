/**
 * What other features may use from the event calendar feeds on the server. Routes import the feature's own
 * modules; another feature imports only this file.
 */
export { chosenEventsCalendar } from "./chosen-calendar.server";
