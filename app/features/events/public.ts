export { type CardEvent, type CardFacts, type PackedCard, packCard, toCardEvent } from "./card-event";
export {
  BOOKING_LABELS,
  BOOKINGS,
  type Booking,
  cardFactLabels,
  DIFFICULTIES,
  DIFFICULTY_LABELS,
  type Difficulty,
  ENTRY_FEE_MAX,
  type EventFacts,
  entryFeeLabel,
  factsOfRow,
  LANGUAGE_LABELS,
  LANGUAGE_PHRASES,
  LANGUAGES,
  type Language,
  PRIZE_MAX_LENGTH,
} from "./event-facts";
export {
  CITY_BADGE_CLASSES,
  cardDescription,
  eventPath,
  mapSearchUrl,
  nightDateLabel,
  pluralWeekday,
  recurrenceText,
  teamSizeLabel,
  todaysEntry,
  weekdayPath,
  whenLabel,
} from "./event-format";
export { EventImage, imageSources } from "./event-image";
export {
  eventWeekdays,
  holdsNightOn,
  nightsOnDate,
  sortByNightOn,
  sortByTimeOn,
  sortedOnce,
} from "./event-order";
export {
  type DayDates,
  type EventView,
  type NightView,
  nightsOf,
  type QuizType,
  type Recurrence,
  ruleOf,
  todayAndTomorrow,
  toEventBase,
} from "./event-view";
export { CONFIRMED_TODAY_TEXT, isConfirmedToday, type SoonLabel } from "./night-labels";
export {
  addDays,
  breaksOf,
  dateWindowEnd,
  firstDateOfSlot,
  isInBreak,
  isValidDate,
  MONTH_WEEKS,
  type MonthWeek,
  nextUpcoming,
  type Occurrence,
  occurrencesBetween,
  occurrencesOn,
  type RecurrenceRule,
  type RuleException,
  type Slot,
  weekdayOfDate,
} from "./occurrences";
export { DEFAULT_SCHEDULE, startTimeFor } from "./start-time";
