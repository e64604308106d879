import { CalendarPlus } from "lucide-react";

/** A calendar subscription: the webcal:// link calendar apps open, with the plain https file beside it. */
function webcalUrl(origin: string, path: string): string {
  return `${origin.replace(/^https?:/, "webcal:")}${path}`;
}

export function CalendarSubscribeLinks({ origin, path }: { origin: string; path: string }) {
  return (
    <span className="inline-flex items-center gap-2 text-sm">
      <a
        href={webcalUrl(origin, path)}
        className="inline-flex items-center gap-1.5 font-medium text-brand-800 underline-offset-2 hover:underline dark:text-brand-200"
      >
        <CalendarPlus aria-hidden className="size-4" />
        Prenumerera i kalendern
      </a>
      <a href={path} className="text-stone-600 underline underline-offset-2 dark:text-stone-400">
        .ics-fil
      </a>
    </span>
  );
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

/**
 * "Lägg till i kalender": the visitor chooses. The https .ics file (Android, desktop; opens in the
 * calendar app or downloads), Google Calendar for the next night, or the webcal:// subscription that
 * iPhone and Mac calendars follow. A disclosure, so it works without JavaScript and on any phone; on a
 * phone the choices open in the page's flow, wider screens show them as a menu.
 */
export function CalendarChoices({
  origin,
  path,
  google,
}: {
  origin: string;
  path: string;
  google: string | null;
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
            <a href={google} className={item} target="_blank" rel="noopener noreferrer">
              Google Kalender
              <span className="block text-xs text-stone-600 dark:text-stone-400">Nästa quizkväll</span>
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
