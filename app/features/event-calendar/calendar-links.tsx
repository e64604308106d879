import { CalendarPlus } from "lucide-react";

/** A calendar subscription: the webcal:// link calendar apps open, with the plain https file beside it. */
function webcalUrl(origin: string, path: string): string {
  return `${origin.replace(/^https?:/, "webcal:")}${path}`;
}

/** Google Calendar's "add by URL" for a feed: Google fetches the https address itself (and keeps it updated), so it works from any phone, Android's Chromium included, where webcal:// opens nothing. */
function googleSubscribeUrl(origin: string, path: string): string {
  return `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(`${origin}${path}`)}`;
}

const utc = (iso: string) => iso.replace(/[-:]/g, "").replace(/\.\d{3}/, "");

/** Google Calendar's "add event" page for one night (two hours, as the feeds assume). */
export function googleCalendarUrl(night: {
  title: string;
  start: string;
  details: string;
  location: string;
}): string {
  const end = new Date(new Date(night.start).getTime() + 2 * 60 * 60_000).toISOString();
  const params = new URLSearchParams({
    action: "TEMPLATE",
    text: night.title,
    dates: `${utc(night.start)}/${utc(end)}`,
    details: night.details,
    location: night.location,
    ctz: "Europe/Stockholm",
  });
  return `https://calendar.google.com/calendar/render?${params}`;
}

/** The Google Calendar choice: where it leads and what it adds ("Nästa quizkväll"). */
type GoogleChoice = { href: string; note: string };

/** "Lägg till i kalender": the visitor chooses. */
export function CalendarChoices({
  origin,
  path,
  google,
}: {
  origin: string;
  path: string;
  google: GoogleChoice | null;
}) {
  const item =
    "block rounded-md px-3 py-2 text-sm hover:bg-stone-100 focus-visible:bg-stone-100 dark:hover:bg-stone-800 dark:focus-visible:bg-stone-800";
  return (
    <details className="group relative">
      <summary className="inline-flex cursor-pointer list-none items-center gap-2 rounded-lg border border-stone-300 bg-white px-4 py-2 text-sm font-medium hover:bg-stone-50 dark:border-stone-700 dark:bg-stone-900 dark:hover:bg-stone-800 [&::-webkit-details-marker]:hidden">
        <CalendarPlus aria-hidden className="size-4" />
        Lägg till i kalender
      </summary>
      <ul className="mt-2 rounded-lg sm:absolute sm:left-0 sm:z-20 sm:w-72 border border-stone-200 bg-white p-1 shadow-lg dark:border-stone-700 dark:bg-stone-900">
        <li>
          <a href={path} className={item} download>
            Ladda ner kalenderfil (.ics)
            <span className="block text-xs text-stone-600 dark:text-stone-400">Android, dator</span>
          </a>
        </li>
        {google ? (
          <li>
            <a href={google.href} className={item} target="_blank" rel="noopener noreferrer">
              Google Kalender
              <span className="block text-xs text-stone-600 dark:text-stone-400">{google.note}</span>
            </a>
          </li>
        ) : null}
        <li>
          <a href={webcalUrl(origin, path)} className={item}>
            Prenumerera i kalendern
            <span className="block text-xs text-stone-600 dark:text-stone-400">iPhone, Mac</span>
          </a>
        </li>
      </ul>
    </details>
  );
}

/** The choices for a feed of many nights (a city's, a weekday's): Google Calendar subscribes to the feed. */
export function FeedCalendarChoices({ origin, path }: { origin: string; path: string }) {
  const google = { href: googleSubscribeUrl(origin, path), note: "Prenumerera, uppdateras automatiskt" };
  return <CalendarChoices origin={origin} path={path} google={google} />;
}
