/**
 * What other features may use from an event's nights in the browser or on the server: the dates editor and
 * the rules a posted night change is read by. Routes import the feature's own modules.
 */
export { EventDatesEditor } from "./event-dates-editor";
export { exceptionSchema, readDatesForm, removeExceptionSchema } from "./event-exception-rules";
export type { DatesEditorHandle } from "./unsaved-nights-guard";
