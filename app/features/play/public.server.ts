/** What the app's other features use from play on the server: the retention of players' browser ids. */
export { unlinkOldPlays, unlinkOldQuestionReports, unlinkOldVotes } from "./play-retention.server";
