export { runClaimed } from "./job-runner.server";
