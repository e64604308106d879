import { Link } from "react-router";
import { type CITIES, cityMapPath } from "~/lib/cities";
import { POSITION_CLASSES, TONE_CLASSES } from "./city-map";
import type { CityMap } from "./city-map.server";
import { CityMapCanvas } from "./city-map-canvas";
import { DAY_SHORTCUTS, type DayShortcut } from "./day-shortcuts";

type City = (typeof CITIES)[number];

const DAY_CHOICES: { day: DayShortcut | null; text: string }[] = [
  { day: null, text: "Alla dagar" },
  { day: "ikvall", text: DAY_SHORTCUTS.ikvall },
  { day: "imorgon", text: DAY_SHORTCUTS.imorgon },
];

const LEGEND = [
  { classes: TONE_CLASSES.tonight, text: "Ikväll" },
  { classes: TONE_CLASSES.cancelled, text: "Inställt" },
  { classes: TONE_CLASSES.other, text: "Andra kvällar" },
];

function dayHref(day: DayShortcut | null, nara: string | null): string {
  const params = new URLSearchParams();
  if (day) params.set("dag", day);
  if (nara) params.set("nara", nara);
  const search = params.toString().replace(/%2C/g, ",");
  return search ? `?${search}` : "?";
}

function countText(count: number, day: DayShortcut | null, city: string): string {
  const when = day === "ikvall" ? " ikväll" : day === "imorgon" ? " imorgon" : "";
  return `${count} quiz${when} i ${city} på kartan.`;
}

/** `/quiz/{city}/karta`: the map (with JavaScript) and the same nights as a list beside it. */
export function CityMapView({
  city,
  map,
  tiles,
}: {
  city: City;
  map: CityMap;
  /** MAP_TILES_URL's template. */
  tiles: string;
}) {
  const nara = map.position ? `${map.position.lat},${map.position.lng}` : null;
  const cityPath = `/quiz/${city.slug}`;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12">
      <nav aria-label="Brödsmulor" className="text-sm text-stone-600 dark:text-stone-400">
        <Link to="/" className="rounded-sm hover:underline">
          Start
        </Link>{" "}
        /{" "}
        <Link to={cityPath} className="rounded-sm hover:underline">
          {city.name}
        </Link>{" "}
        / Karta
      </nav>
      <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">Quiz på karta i {city.name}</h1>
      <p className="mt-2 text-stone-700 dark:text-stone-300">
        {countText(map.nights.length, map.day, city.name)}
      </p>
      <nav aria-label="Vilka kvällar" className="mt-4 flex flex-wrap gap-2">
        {DAY_CHOICES.map(({ day, text }) => (
          <Link
            key={text}
            to={`${cityMapPath(city.slug)}${dayHref(day, nara)}`}
            aria-current={map.day === day ? "page" : undefined}
            className="rounded-full border border-stone-300 bg-white px-3 py-1.5 text-sm font-medium hover:border-brand-600 aria-[current=page]:border-brand-700 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white dark:border-stone-700 dark:bg-stone-900 dark:hover:border-brand-300 dark:aria-[current=page]:bg-brand-300 dark:aria-[current=page]:text-stone-950"
          >
            {text}
          </Link>
        ))}
      </nav>
      {map.positionNotice && (
        <p role="status" className="mt-4 text-stone-700 dark:text-stone-300">
          {map.positionNotice}
        </p>
      )}
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div>
          <CityMapCanvas
            label={`Karta över quizen i ${city.name}`}
            city={city.name}
            citySlug={city.slug}
            nights={map.nights}
            position={map.position}
            tiles={tiles}
          />
          <ul aria-label="Teckenförklaring" className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {LEGEND.map((l) => (
              <li key={l.text} className="flex items-center gap-1.5">
                <span aria-hidden className={`inline-block size-3 rounded-full ${l.classes}`} />
                {l.text}
              </li>
            ))}
            {map.position && (
              <li className="flex items-center gap-1.5">
                <span aria-hidden className={`inline-block size-3 rounded-full ${POSITION_CLASSES}`} />
                Din position
              </li>
            )}
          </ul>
        </div>
        <section aria-labelledby="kartans-quiz">
          <h2 id="kartans-quiz" className="text-xl font-semibold">
            Samma quiz som lista
          </h2>
          {map.nights.length ? (
            <ol className="mt-3 divide-y divide-stone-200 dark:divide-stone-800 [&_a]:font-medium [&_a]:hover:underline [&_li]:py-2 [&_span]:block [&_span]:text-sm [&_span]:text-stone-700 dark:[&_span]:text-stone-300 [&_[data-tone=cancelled]]:text-stone-500 [&_[data-tone=tonight]_span]:font-semibold [&_[data-tone=tonight]_span]:text-brand-800 dark:[&_[data-tone=tonight]_span]:text-brand-200">
              {map.nights.map((n) => (
                <li key={n.slug} data-tone={n.tone}>
                  <Link to={`${cityPath}/${n.slug}`} discover="none">
                    {n.title}
                  </Link>
                  <span>{n.label}</span>
                </li>
              ))}
            </ol>
          ) : (
            <p className="mt-3">Inga quiz att visa på kartan.</p>
          )}
          {map.unplaced > 0 && (
            <p className="mt-3 text-sm text-stone-700 dark:text-stone-300">
              {map.unplaced === 1 ? "1 quiz saknar" : `${map.unplaced} quiz saknar`} position och syns inte
              här.{" "}
              <Link to={cityPath} className="underline">
                Alla quiz i {city.name}
              </Link>
            </p>
          )}
        </section>
      </div>
    </div>
  );
}
