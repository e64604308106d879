/**
 * What a visitor is told while the site cannot serve them (the database does not answer, or no connection
 * to it could be had in time): on the outage page (root.tsx) and in every JSON endpoint's error.
 */
export const UNAVAILABLE_HEADING = "Quizkväll är tillfälligt otillgängligt.";
export const UNAVAILABLE_HINT = "Försök igen om en stund.";
export const UNAVAILABLE_MESSAGE = `${UNAVAILABLE_HEADING} ${UNAVAILABLE_HINT}`;
/** Service Unavailable: nothing is wrong with the request, it can be sent again later. */
export const UNAVAILABLE_STATUS = 503;
