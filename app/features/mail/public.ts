/**
 * What other features use from mail that needs no server: the HTML frame every mail shares, and what an
 * address must be to be mailed.
 */
export { isMailableAddress, normalizeAddress } from "./mail-caps";
export { mailDocument } from "./mail-document";
