/**
 * What other features use from auth on the server: who is asking, sign-in links mailed to people without a
 * password (the hosts), and the account of an address. Routes import the feature's own modules for the rest.
 */
export { getViewer, requireSameOrigin, type Viewer } from "./guard.server";
export { signsInByLink } from "./link-sessions.server";
export { accountForEmail, createSignInLink } from "./magic-link.server";
