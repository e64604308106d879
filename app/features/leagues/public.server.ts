/** What other features use from leagues on the server: a league found by the link a member pasted. */
export { findLeagueByLink } from "./leagues.server";
