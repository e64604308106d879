import type { EventView } from "../event-view";

/**
 * CONTRACT (issue 6 implements these): admin-only controls rendered by the home page and the event card
 * when the viewer is an admin. They report changes upward so the home list updates in place.
 */
export type EventsChange =
  | { kind: "created"; event: EventView }
  | { kind: "updated"; event: EventView }
  | { kind: "deleted"; id: string };

/** 'Lägg till Quiz Manuellt', 'Visa/Dölj Rapporter', 'Öl-aktivitet', the add form and the reports panel. */
export function HomeAdminControls(_props: { onEventsChange: (change: EventsChange) => void }) {
  return null;
}

/** Edit and delete on one card. */
export function EventCardAdminActions(_props: {
  event: EventView;
  onEventsChange: (change: EventsChange) => void;
}) {
  return null;
}
