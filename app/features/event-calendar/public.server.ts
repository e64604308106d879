export { chosenEventsCalendar } from "./chosen-calendar.server";
