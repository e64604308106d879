/**
 * Where this browser keeps when its latest skåla cooldown ends (written by beer-status-client.ts, read by
 * beer-cooldown-mark.ts). A module of its own so both sides share the name without sharing a chunk.
 */
export const COOLDOWN_MARK_KEY = "quizkvall_beer_cooldown_until";
