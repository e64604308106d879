export { startBeerFlusher } from "./beer-flush.server";
export { deleteOldBeerClicks, deleteOldBeerCooldowns } from "./beer-retention.server";
