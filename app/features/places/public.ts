/**
 * What other features may use from places in the browser or on the server: directions to a venue, and the
 * demo's venues.
 */
export { demoPosition } from "./demo-positions";
export { directionsUrl } from "./geo";
