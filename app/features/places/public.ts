/**
 * What other features may use from places in the browser or on the server: directions to a venue, the
 * demo's venues, and "Nära mig" (the visitor's position in the address, tonight's nights by distance, and
 * the part of the page that shows them).
 */
export { demoPosition } from "./demo-positions";
export { directionsUrl } from "./geo";
export {
  keepNear,
  type NearTonight,
  nearTonight,
  ORDER_PARAM,
  parseNearOrder,
  readPosition,
} from "./near-list";
export { NearMe } from "./near-me";
