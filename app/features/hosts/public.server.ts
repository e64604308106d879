/** Other features import only this file from hosts. */

export { deleteDecidedClaims } from "./claim-retention.server";
export { hostsOfEvent, isHostOfEvent } from "./hosts.server";
