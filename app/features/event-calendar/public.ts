/**
 * What other features may use from the event calendar feeds in the browser. Routes import the feature's own
 * modules; another feature imports only this file.
 */
export { CalendarChoices, googleCalendarUrl } from "./calendar-links";
