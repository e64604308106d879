export { CalendarChoices, googleCalendarUrl } from "./calendar-links";
