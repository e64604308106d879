/** What the rest of the app may use from beers on the server only. */
export { startBeerFlusher } from "./beer-flush.server";
export { deleteOldBeerClicks, deleteOldBeerCooldowns } from "./beer-retention.server";
