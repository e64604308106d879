/**
 * What other features use from auth on the server: who is asking, sign-in links mailed to people without a
 * password (the hosts), and the account of an address. Routes import the feature's own modules for the rest.
 */

export { RESET_TTL_SECONDS } from "./auth-mails";
export {
  deleteExpiredSessions,
  deleteExpiredVerifications,
  deleteIdleLinkAccounts,
  SESSION_TTL_SECONDS,
} from "./auth-retention.server";
export { getViewer, requireSameOrigin, type Viewer } from "./guard.server";
export { MAGIC_LINK_TTL_SECONDS, signsInByLink } from "./link-sessions.server";
export { accountForEmail, createSignInLink } from "./magic-link.server";
