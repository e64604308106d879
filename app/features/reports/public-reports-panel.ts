/** The admin reports panel, public on its own so that a consumer can load it lazily and keep it in a chunk of its own (public.ts is imported eagerly by the event card). */
export { ReportsPanel } from "./reports-panel";
