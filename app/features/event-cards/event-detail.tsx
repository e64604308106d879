import { deferred } from "~/components/ui/deferred";
import { BeerButton } from "~/features/beers/public";
import type { EventView } from "~/features/events/public";
import type { ScheduleWithDate, UpcomingNight } from "./event-detail-parts";

/*
 * The detail's text, facts and links are the server's HTML until the visitor first acts (ui/deferred.tsx);
 * the skåla button between them hydrates at once, since it shows this browser's cooldown and the current
 * count. It is rendered here, beside the deferred parts: inside one it would wait with it.
 */
const loadParts = () => import("./event-detail-parts");
const EventIntro = deferred(() => loadParts().then((m) => m.EventIntro));
const EventFactsPanel = deferred(() => loadParts().then((m) => m.EventFactsPanel));
const EventLinks = deferred(() => loadParts().then((m) => m.EventLinks));

const NO_BREAKS: { from: string; to: string; note: string | null }[] = [];

/** The detail's deferred parts, for a route's clientLoader (`withDeferredParts`). */
export const EVENT_DETAIL_PARTS = [EventIntro, EventFactsPanel, EventLinks];

/**
 * The event page's main block. Its props must stay the same between the page's renders (loader data), or
 * the deferred parts load at once; the skåla button keeps its own live count.
 */
export function EventDetail({
  event,
  schedule,
  upcoming,
  breaks = NO_BREAKS,
  origin,
  onCountChange,
}: {
  event: EventView;
  schedule: ScheduleWithDate[];
  upcoming: UpcomingNight[];
  /** Breaks ('Uppehåll') not yet over, from–to as Stockholm dates. */
  breaks?: { from: string; to: string; note: string | null }[];
  origin: string;
  onCountChange?: (eventId: string, count: number) => void;
}) {
  return (
    <article className="grid gap-8 lg:grid-cols-[3fr_2fr]">
      <EventIntro event={event} />
      <aside className="h-fit space-y-6 rounded-2xl border border-stone-200 bg-white p-5 sm:p-6 dark:border-stone-800 dark:bg-stone-900">
        <EventFactsPanel event={event} schedule={schedule} upcoming={upcoming} breaks={breaks} />
        <div className="flex flex-wrap items-center gap-3 border-t border-stone-200 pt-5 dark:border-stone-800">
          <BeerButton
            eventId={event.id}
            eventTitle={event.title}
            count={event.beerCounter}
            onCountChange={onCountChange}
            size="md"
          />
          <EventLinks event={event} origin={origin} />
        </div>
      </aside>
    </article>
  );
}
