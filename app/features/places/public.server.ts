/** What other features may use from places on the server: placing a saved event's address on the map. */
export { placeSavedEvent } from "./place-event.server";
