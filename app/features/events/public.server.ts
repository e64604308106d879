export {
  type EventListCache,
  type EventListing,
  eventListCache,
  readEventListVersion,
} from "./event-list-cache.server";
export {
  createEvent,
  type EventRow,
  findEventViewById,
  findFreeEventSlug,
  listEventPaths,
  listExceptionsByEvent,
  toView,
} from "./events.server";
export { eventNightsBetween } from "./follow-nights.server";
export type { Occurrence } from "./occurrences";
