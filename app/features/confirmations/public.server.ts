/**
 * What other features and the visitor's confirm endpoint use from confirmations on the server. Routes import
 * the feature's own modules for the rest; another feature imports only this file.
 */

export { deleteOldConfirmations, deleteResolvedNotHeld } from "./confirmation-retention.server";
export { CONFIRM_ADDRESS_LIMIT_MESSAGE } from "./confirmations";
export { confirmEventByHost, confirmVisit } from "./confirmations.server";
