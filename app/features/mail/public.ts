export { isMailableAddress, normalizeAddress } from "./mail-caps";
export { mailDocument } from "./mail-document";
