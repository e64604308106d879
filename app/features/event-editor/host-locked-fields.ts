import type { EventView } from "~/features/events/public";
import { formValuesFromEvent } from "./event-form-rules";

/** A host may never change these; the server puts the stored values back whatever was posted. */
export const HOST_LOCKED_FIELDS = ["title", "city", "location", "locationUrl", "streetAddress"] as const;

export function keepLockedFields(form: FormData, stored: EventView): void {
  const values = formValuesFromEvent(stored);
  for (const name of HOST_LOCKED_FIELDS) form.set(name, values[name]);
}
