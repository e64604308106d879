import { ArrowRight, History, Pencil } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { EventCardGrid } from "~/features/event-listing/event-card-grid";
import { useLiveEvents } from "~/features/event-listing/use-live-events";
import { pluralWeekday, weekdayPath } from "~/features/events/event-format";
import { formatLongDate } from "~/lib/time";
import { Breadcrumbs } from "./breadcrumbs";
import type { EndedData, EventData } from "./city-slug-view";

/* The page's islands in one module, so it asks for one chunk beside the route's. */
export { ConfirmedLine } from "~/features/confirmations/confirm-button";
export {
  EventFactsPanel,
  EventHeading,
  EventIntro,
  EventLinks,
} from "~/features/event-cards/event-detail-parts";
export { EventWhenWhere } from "~/features/event-cards/event-when-where";
export { ListSignupForm } from "~/features/follows/list-signup-form";

export function EventTopBar({
  city,
  title,
  editor,
  jsonLd,
}: Pick<EventData, "city" | "editor" | "jsonLd"> & { title: string }) {
  return (
    <>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: server-built JSON with "<" escaped */}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd }} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Breadcrumbs city={city} current={title} />
        {editor && (
          <div className="flex gap-2">
            <Link to={editor.edit} className={buttonClasses("secondary", "min-h-9")}>
              <Pencil aria-hidden className="size-4" /> Redigera
            </Link>
            {editor.history && (
              <Link to={editor.history} className={buttonClasses("ghost", "min-h-9")}>
                <History aria-hidden className="size-4" /> Ändringshistorik
              </Link>
            )}
          </div>
        )}
      </div>
    </>
  );
}

export function SameDaySection({
  city,
  others,
  hasMore,
  days,
}: Pick<EventData, "city" | "others" | "hasMore" | "days">) {
  const [live, onCountChange] = useLiveEvents(others);
  return (
    <section aria-labelledby="fler" className="mt-14">
      <h2 id="fler" className="mb-4 text-xl font-semibold">
        Fler quiz i {city.name} samma dag
      </h2>
      <EventCardGrid events={live} onCountChange={onCountChange} />
      {hasMore && (
        <nav aria-label="Alla quiz samma dag" className="mt-6 flex flex-wrap gap-3">
          {days.map((d) => (
            <Link
              key={d.weekday}
              to={weekdayPath(city.slug, d.weekday)}
              className={buttonClasses("secondary", "w-full sm:w-auto")}
            >
              Alla {d.count} quiz i {city.name} på {pluralWeekday(d.weekday).toLowerCase()}
              <ArrowRight aria-hidden className="size-4" />
            </Link>
          ))}
        </nav>
      )}
    </section>
  );
}

/** An event its host reported ended: off every listing until an admin decides; its page says so. */
export function EndedEventPage({ city, title, endedReportedAt }: EndedData) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12">
      <Breadcrumbs city={city} current={title} />
      <h1 className="mt-4 text-3xl font-bold tracking-tight">{title}</h1>
      <p role="status" className="mt-4 max-w-2xl text-stone-700 dark:text-stone-300">
        Quizvärden har meddelat att quizet har upphört ({formatLongDate(endedReportedAt)}). Det visas inte i
        listorna medan vi går igenom det.
      </p>
      <p className="mt-6">
        <Link to={`/quiz/${city.slug}`} className={buttonClasses("secondary")}>
          Alla quiz i {city.name}
        </Link>
      </p>
    </div>
  );
}
