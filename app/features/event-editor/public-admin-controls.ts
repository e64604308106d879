/** Separate so only the hub loads them (public.ts is imported eagerly by the event card). */
export { AdminQuickControls } from "./admin-quick-controls";
