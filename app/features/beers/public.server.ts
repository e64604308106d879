/** What the rest of the app may use from beers on the server only. */
export { flushBeerClicks, startBeerFlusher } from "./beer-flush.server";
