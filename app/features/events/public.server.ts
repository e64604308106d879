/**
 * What other features may use from events on the server. Routes import the feature's own modules;
 * another feature imports only this file.
 */

export { chosenEventsCalendar } from "./chosen-calendar.server";
export { createEvent, listEventPaths, type NewEventInput } from "./events.server";
export { type EventNights, eventNightsBetween } from "./follow-nights.server";
export type { Occurrence } from "./occurrences";
