/** Option letters shown to players and editors; the option order is 1-based in the database. */
export const OPTION_LETTERS = ["A", "B", "C"] as const;
