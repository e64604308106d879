export { EventDatesEditor } from "./event-dates-editor";
export { exceptionSchema, NOTE_MAX, readDatesForm, removeExceptionSchema } from "./event-exception-rules";
export type { DatesEditorHandle } from "./unsaved-nights-guard";
