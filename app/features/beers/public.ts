export { BeerButton } from "./beer-button";
export { BEER_COOLDOWN_MS, DAY_MS, HOUR_MS } from "./beer-rules";
