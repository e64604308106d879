import { useFlash } from "~/lib/flash";
import { beerFlashMessage, decodeBeerFlash } from "./beer-form";
import { BEER_COOLDOWN_NOTICE_MS } from "./beer-rules";

/** The answer to a skåla posted without JavaScript (beer-form.server.ts), shown where the toasts appear on the page the form returned to, and faded out after the same 3 s as the toast (by CSS: there is no script). */
export function BeerFlashNotice() {
  const flash = decodeBeerFlash(useFlash());
  if (!flash) return null;
  return (
    <div
      role="status"
      data-beer-notice
      style={{ animationDelay: `${BEER_COOLDOWN_NOTICE_MS}ms` }}
      className="animate-notice-out pointer-events-none fixed inset-x-4 bottom-4 z-50 mx-auto max-w-sm rounded-lg border border-stone-200 bg-white px-4 py-3 text-sm font-medium text-stone-900 shadow-lg dark:border-stone-700 dark:bg-stone-900 dark:text-stone-100"
    >
      {beerFlashMessage(flash)}
    </div>
  );
}

/** What a skåla posted without JavaScript answered for this event: its count (the page's count may lag it) and whether the visitor has now skålat here (accepted, or still in the cooldown). */
export function useFlashedBeer(eventId: string): { count: number | null; hasBeered: boolean } {
  const flash = decodeBeerFlash(useFlash());
  if (!flash || flash.eventId !== eventId) return { count: null, hasBeered: false };
  return {
    count: flash.outcome === "accepted" ? flash.count : null,
    hasBeered: flash.outcome === "accepted" || flash.outcome === "cooldown",
  };
}
