import type { EventView } from "~/features/events/public";
import { formValuesFromEvent } from "./event-form-rules";

/**
 * What names and places the event: a host may change what a host knows (times, description, image,
 * contact, team size) but never these, so the server puts the stored values back whatever was posted.
 */
export const HOST_LOCKED_FIELDS = ["title", "city", "location", "locationUrl", "streetAddress"] as const;

/** Sets a posted form's locked fields to the stored event's values (a host's save). */
export function keepLockedFields(form: FormData, stored: EventView): void {
  const values = formValuesFromEvent(stored);
  for (const name of HOST_LOCKED_FIELDS) form.set(name, values[name]);
}
