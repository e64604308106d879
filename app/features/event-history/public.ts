/**
 * What other features may use from the change history in the browser or on the server: who changes an event,
 * and the tracked fields' values. Routes import the feature's own modules.
 */
export type {
  ChangeFailure,
  ChangeOptions,
  ChangeResult,
  EventActor,
} from "./event-actor";
export {
  CREATED_FIELD,
  diffEventRows,
  type FieldChange,
  type NightKind,
  nightField,
  sameValue,
} from "./event-history";
