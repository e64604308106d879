/**
 * What other features use from hosts on the server: who hosts an event, and the host check. Routes import the
 * feature's own modules for the rest; another feature imports only this file.
 */

export { deleteDecidedClaims } from "./claim-retention.server";
export { hostsOfEvent, isHostOfEvent } from "./hosts.server";
