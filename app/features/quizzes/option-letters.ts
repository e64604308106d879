/**
 * Option letters shown to players and editors; the option order is 1-based in the database. A module of
 * its own: the player's first load needs the letters and none of the other display helpers.
 */
export const OPTION_LETTERS = ["A", "B", "C"] as const;
