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
