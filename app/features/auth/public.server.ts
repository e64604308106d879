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
