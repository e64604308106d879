/**
 * The admin hub's controls for adding an event and reading reports, public on their own so that only the hub
 * loads them (public.ts is imported eagerly by the event card).
 */
export { AdminQuickControls } from "./admin-quick-controls";
