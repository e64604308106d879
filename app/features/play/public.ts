export { PLAY_VISITOR_ID } from "./play-schema";
