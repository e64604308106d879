/**
 * What other features may use from beers in the browser or on the server. Routes import the feature's
 * own modules; another feature imports only this file.
 */
export { BeerButton } from "./beer-button";
export { BEER_COOLDOWN_MS, DAY_MS, HOUR_MS } from "./beer-rules";
