import { Camera, Globe, Mail, MapPin, Phone, Repeat, Users } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { CalendarChoices, googleCalendarUrl } from "~/features/event-calendar/public";
import type { EventView, NightView } from "~/features/events/public";
import {
  EventImage,
  mapSearchUrl,
  recurrenceText,
  teamSizeLabel,
  weekdayPath,
} from "~/features/events/public";
import { ReportDialog } from "~/features/reports/public";
import { formatShortWeekdayDate } from "~/lib/time";
import { CityBadge, NewBadge, TopRankBadge, TypeBadges } from "./event-badges";
import { EventFacts, Fact, linkClass } from "./event-fact-list";

export type ScheduleWithDate = {
  weekday: EventView["weekday"];
  time: string;
  /** The weekday's rule and time: 'Tisdagar 19:00', 'Varannan tisdag 19:00'. */
  label: string;
  nextDate: string | null;
};
export type UpcomingNight = NightView & { label: string };

// Noon UTC is on the same civil date in Stockholm, whatever the season.
const civilDate = (date: string) => formatShortWeekdayDate(new Date(`${date}T12:00:00Z`));

/**
 * The event page's detail, as the server renders it, in three parts whose code loads when the visitor first
 * acts (the event page places them around the skåla button, which hydrates at once): the image, title and
 * description; when, where and the facts; the calendar links and 'Rapportera'. Their links work without
 * their code, and a press on one of their buttons before it is in is held until it is (ui/deferred.tsx).
 */
export function EventIntro({ event }: { event: EventView }) {
  return (
    <div>
      <EventImage
        src={event.image}
        alt={`Bild från ${event.title}`}
        ratio="16 / 9"
        sizes="(min-width: 1024px) 720px, 100vw"
        priority
        className="rounded-2xl"
      />
      <div className="mt-5 flex flex-wrap items-center gap-1.5">
        <CityBadge city={event.city} />
        <TypeBadges types={event.quizType} />
        {event.isNew && <NewBadge />}
        {event.topRank && <TopRankBadge rank={event.topRank} />}
      </div>
      <h1 className="mt-3 text-3xl font-bold tracking-tight text-balance sm:text-4xl">{event.title}</h1>
      <p className="mt-4 text-lg leading-relaxed whitespace-pre-line text-stone-700 dark:text-stone-300">
        {event.description}
      </p>
    </div>
  );
}

export function EventFactsPanel({
  event,
  schedule,
  upcoming,
  breaks,
}: {
  event: EventView;
  schedule: ScheduleWithDate[];
  upcoming: UpcomingNight[];
  /** Breaks ('Uppehåll') not yet over, from–to as Stockholm dates. */
  breaks: { from: string; to: string; note: string | null }[];
}) {
  type Contact = { icon: ReactNode; label: string; href: string; text: string };
  const contacts = (
    [
      event.website && {
        icon: <Globe className="size-4" />,
        label: "Webbplats",
        href: event.website,
        text: event.website.replace(/^https?:\/\/(www\.)?/, "").replace(/\/$/, ""),
      },
      event.instagram && {
        icon: <Camera className="size-4" />,
        label: "Instagram",
        href: event.instagram.startsWith("http")
          ? event.instagram
          : `https://instagram.com/${event.instagram.replace(/^@/, "")}`,
        text: event.instagram.startsWith("http")
          ? event.instagram.replace(/^https?:\/\/(www\.)?/, "")
          : `@${event.instagram.replace(/^@/, "")}`,
      },
      event.email && {
        icon: <Mail className="size-4" />,
        label: "E-post",
        href: `mailto:${event.email}`,
        text: event.email,
      },
      event.phone && {
        icon: <Phone className="size-4" />,
        label: "Telefon",
        href: `tel:${event.phone.replace(/\s/g, "")}`,
        text: event.phone,
      },
    ] as (Contact | null | "")[]
  ).filter((c): c is Contact => Boolean(c));

  return (
    <>
      <section aria-labelledby="nar">
        <h2 id="nar" className="text-lg font-semibold">
          När
        </h2>
        <ul className="mt-3 divide-y divide-stone-200 dark:divide-stone-800">
          {schedule.map((row) => (
            <li key={row.weekday} className="flex items-baseline justify-between gap-4 py-2">
              <Link to={weekdayPath(event.citySlug, row.weekday)} className={`font-medium ${linkClass}`}>
                {row.label}
              </Link>
              <span className="text-sm text-stone-600 dark:text-stone-400">Nästa: {row.nextDate ?? "–"}</span>
            </li>
          ))}
        </ul>
        {upcoming.length > 0 && (
          <>
            <h3 className="mt-4 text-sm font-semibold text-stone-700 dark:text-stone-300">
              Kommande kvällar
            </h3>
            <ul className="mt-1 space-y-1 text-sm">
              {upcoming.map((night) => (
                <li key={`${night.date} ${night.time}`} className="flex flex-wrap items-baseline gap-x-2">
                  <span className={night.cancelled ? "text-stone-500 line-through dark:text-stone-400" : ""}>
                    {night.label}
                    {!night.label.includes(night.time) && ` ${night.time}`}
                  </span>
                  {night.cancelled && (
                    <span className="rounded bg-red-100 px-1.5 text-xs font-semibold text-red-800 dark:bg-red-950 dark:text-red-200">
                      {night.note ? `Inställt – ${night.note}` : "Inställt"}
                    </span>
                  )}
                  {night.isRunning && !night.cancelled && (
                    <span className="rounded bg-green-100 px-1.5 text-xs font-semibold text-green-800 dark:bg-green-950 dark:text-green-200">
                      Pågår
                    </span>
                  )}
                  {night.isExtra && !night.cancelled && (
                    <span className="text-stone-600 dark:text-stone-400">extra</span>
                  )}
                </li>
              ))}
            </ul>
          </>
        )}
        {breaks.length > 0 && (
          <ul className="mt-3 space-y-1 text-sm">
            {breaks.map((b) => (
              <li key={b.from} className="text-stone-700 dark:text-stone-300">
                <span className="font-semibold">Uppehåll</span> {civilDate(b.from)} – {civilDate(b.to)}
                {b.note ? ` (${b.note})` : ""}
              </li>
            ))}
          </ul>
        )}
      </section>
      <dl className="space-y-4">
        <Fact icon={<Repeat className="size-4" />} label="Återkommer">
          {recurrenceText(event)}
        </Fact>
        <Fact icon={<MapPin className="size-4" />} label="Plats">
          {event.locationUrl ? (
            <a href={event.locationUrl} target="_blank" rel="noopener noreferrer" className={linkClass}>
              {event.location}, {event.city}
              <span className="sr-only"> (karta, öppnas i ny flik)</span>
            </a>
          ) : (
            `${event.location}, ${event.city}`
          )}
          {event.streetAddress && (
            <span className="block font-normal">
              {event.streetAddress}
              {" · "}
              <a href={mapSearchUrl(event)} target="_blank" rel="noopener noreferrer" className={linkClass}>
                Visa på karta<span className="sr-only"> (öppnas i ny flik)</span>
              </a>
            </span>
          )}
        </Fact>
        <Fact icon={<Users className="size-4" />} label="Max personer per lag">
          {teamSizeLabel(event.maxPersonsPerTeam)}
        </Fact>
        <EventFacts facts={event.facts} />
      </dl>
      {contacts.length > 0 && (
        <section aria-labelledby="kontakt">
          <h2 id="kontakt" className="text-lg font-semibold">
            Kontakt
          </h2>
          <ul className="mt-3 space-y-2">
            {contacts.map((c) => (
              <li key={c.label} className="flex items-center gap-2">
                <span aria-hidden className="text-brand-700 dark:text-brand-300">
                  {c.icon}
                </span>
                <span className="sr-only">{c.label}: </span>
                <a
                  href={c.href}
                  className={`truncate ${linkClass}`}
                  {...(c.href.startsWith("http") ? { target: "_blank", rel: "noopener noreferrer" } : {})}
                >
                  {c.text}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

export function EventLinks({ event, origin }: { event: EventView; origin: string }) {
  const calendarPath = `/quiz/${event.citySlug}/${event.slug}/kalender.ics`;
  const next = event.nights.find((n) => !n.cancelled && !n.isRunning);
  const google = next
    ? {
        href: googleCalendarUrl({
          title: event.title,
          start: next.start,
          details: `${origin}/quiz/${event.citySlug}/${event.slug}`,
          location: [event.location, event.streetAddress, event.city].filter(Boolean).join(", "),
        }),
        note: "Nästa quizkväll",
      }
    : null;
  return (
    <>
      <CalendarChoices origin={origin} path={calendarPath} google={google} />
      <ReportDialog
        eventId={event.id}
        eventTitle={event.title}
        eventPath={`/quiz/${event.citySlug}/${event.slug}`}
      />
    </>
  );
}
