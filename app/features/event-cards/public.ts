/**
 * What other features may use from the event cards. Routes import the feature's own modules; another feature
 * imports only this file.
 */
export { CityBadge, NewBadge } from "./event-badges";
export { EventCard, WhenText } from "./event-card";
