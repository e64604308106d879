import { Camera, Globe, Mail, Phone, Repeat, Users } from "lucide-react";
import type { ReactNode } from "react";
import { CalendarChoices, googleCalendarUrl } from "~/features/event-calendar/public";
import type { EventView } from "~/features/events/public";
import { EventImage, recurrenceText, teamSizeLabel } from "~/features/events/public";
import { ReportDialog } from "~/features/reports/public";
import { CityBadge, NewBadge, TopRankBadge, TypeBadges } from "./event-badges";
import { EventFacts, Fact, linkClass } from "./event-fact-list";

/*
 * The event page's detail, as the server renders it, in parts that are islands (ui/deferred.tsx; the event
 * page places them around the skåla button, which hydrates with the page): the badges and title; when and
 * where (event-when-where.tsx); the image and description; the other facts; the calendar links and
 * 'Rapportera'. Their links work before their code is in; their buttons act once their island hydrates.
 */

export function EventHeading({ event }: { event: EventView }) {
  return (
    <div>
      <div className="flex flex-wrap items-center gap-1.5">
        <CityBadge city={event.city} />
        <TypeBadges types={event.quizType} />
        {event.isNew && <NewBadge />}
        {event.topRank && <TopRankBadge rank={event.topRank} />}
      </div>
      <h1 className="mt-3 text-3xl font-bold tracking-tight text-balance sm:text-4xl">{event.title}</h1>
    </div>
  );
}

/** The image and the description: after "När" and "Var" (the image is the page's largest paint all the same). */
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
      <p className="mt-5 text-lg leading-relaxed whitespace-pre-line text-stone-700 dark:text-stone-300">
        {event.description}
      </p>
    </div>
  );
}

/** The facts after "När" and "Var": the rule, the team size, what the host told, and the contacts. */
export function EventFactsPanel({ event }: { event: EventView }) {
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
      <dl className="space-y-4">
        <Fact icon={<Repeat className="size-4" />} label="Återkommer">
          {recurrenceText(event)}
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
