import { Beer } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { toast } from "~/components/ui/toast";
import { cn } from "~/lib/cn";
import { useFlashedBeer } from "./beer-flash-notice";
import { beerFormPath } from "./beer-form";
import { BEER_CLICK_ANIMATION_MS, BEER_COOLDOWN_NOTICE_MS, cooldownMessage } from "./beer-rules";
import { loadBeerStatus, sendBeer } from "./beer-status-client";

/** CONTRACT: the skåla button with its counter, used on cards, list rows and the event page. */
export type BeerButtonProps = {
  eventId: string;
  eventTitle: string;
  count: number;
  onCountChange?: (eventId: string, count: number) => void;
  size?: "sm" | "md";
};

export function BeerButton({ eventId, eventTitle, count, onCountChange, size = "md" }: BeerButtonProps) {
  // A skåla posted without JavaScript came back with its count, which the page's count may not show yet.
  const flashed = useFlashedBeer(eventId);
  const [shownCount, setShownCount] = useState(Math.max(count, flashed.count ?? 0));
  const { pathname, search } = useLocation();
  const [hasBeered, setHasBeered] = useState(flashed.hasBeered);
  const [isAnimating, setIsAnimating] = useState(false);
  const isBusy = useRef(false);
  // Clicks answered so far: a status asked for before a click's answer is older than it.
  const answeredClicks = useRef(0);

  // The displayed count follows the value passed in, but never goes down: counts only grow, and a value passed in later may be older than one this button has shown (a cached page's or listing's count).
  useEffect(() => setShownCount((shown) => Math.max(shown, count)), [count]);

  // The page may be a cached copy a few seconds older than the count (a skåla leaves the page cache alone): the status brings it up to date.
  const latest = useRef({ count, onCountChange });
  latest.current = { count, onCountChange };
  useEffect(() => {
    let isCurrent = true;
    const answeredBefore = answeredClicks.current;
    void loadBeerStatus(eventId).then((status) => {
      if (!isCurrent || status === null) return;
      // A click answered meanwhile knows the cooldown better (the status may have been read before it).
      if (answeredClicks.current === answeredBefore) setHasBeered(status.remainingMinutes > 0);
      const fresh = status.count;
      if (fresh === null || fresh <= latest.current.count) return;
      setShownCount((shown) => Math.max(shown, fresh));
      latest.current.onCountChange?.(eventId, fresh);
    });
    return () => {
      isCurrent = false;
    };
  }, [eventId]);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isBusy.current) return;
    isBusy.current = true;
    const outcome = await sendBeer(eventId);
    if (outcome.kind !== "failed") answeredClicks.current += 1;
    if (outcome.kind === "accepted") {
      setShownCount(outcome.count);
      setHasBeered(true);
      setIsAnimating(true);
      onCountChange?.(eventId, outcome.count);
      // Clicks stay ignored until the animation has run.
      window.setTimeout(() => {
        setIsAnimating(false);
        isBusy.current = false;
      }, BEER_CLICK_ANIMATION_MS);
      return;
    }
    if (outcome.kind === "cooldown") {
      setHasBeered(true);
      toast(cooldownMessage(outcome.remainingMinutes), {
        id: `beer-cooldown-${eventId}`,
        duration: BEER_COOLDOWN_NOTICE_MS,
      });
    }
    isBusy.current = false;
  }

  return (
    <form method="post" action={beerFormPath(eventId)} onSubmit={handleSubmit} className="contents">
      <input type="hidden" name="returnTo" value={`${pathname}${search}`} />
      <button
        type="submit"
        data-state={hasBeered ? "beered" : "ready"}
        className={cn(
          "inline-flex items-center justify-center gap-1.5 rounded-full border font-semibold tabular-nums transition-colors",
          size === "sm" ? "min-h-8 px-2.5 text-xs" : "min-h-10 px-3.5 text-sm",
          hasBeered
            ? "border-brand-700 bg-brand-700 text-white hover:bg-brand-800 dark:border-brand-300 dark:bg-brand-300 dark:text-stone-950 dark:hover:bg-brand-200"
            : "border-brand-300 bg-brand-50 text-brand-800 hover:bg-brand-100 dark:border-brand-700 dark:bg-stone-900 dark:text-brand-200 dark:hover:bg-stone-800",
        )}
      >
        <Beer
          aria-hidden
          className={cn(
            "shrink-0 transition-transform duration-300 ease-out",
            size === "sm" ? "size-3.5" : "size-4",
            isAnimating && "-rotate-12 scale-125",
          )}
        />
        {/* The name starts with what is seen (WCAG 2.5.3): "62 skålar – skåla för …". */}
        <span data-beer-count>{shownCount}</span>
        <span className="sr-only"> skålar – skåla för {eventTitle}</span>
      </button>
    </form>
  );
}
