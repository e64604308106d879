export const UNAVAILABLE_HEADING = "Quizkväll är tillfälligt otillgängligt.";
export const UNAVAILABLE_HINT = "Försök igen om en stund.";
export const UNAVAILABLE_MESSAGE = `${UNAVAILABLE_HEADING} ${UNAVAILABLE_HINT}`;
export const UNAVAILABLE_STATUS = 503;
