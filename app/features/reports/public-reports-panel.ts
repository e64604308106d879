/** Separate from public.ts (which the event card imports eagerly) so the panel stays in its own chunk. */
export { ReportsPanel } from "./reports-panel";
