export { changeDates, changeNight, type NightChange } from "./night-changes.server";
