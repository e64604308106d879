import { HERO_TYPING, TypedText } from "~/components/layout/typed-text";
import { CITY_NAMES, type CityName, joinCityNames } from "~/lib/cities";

/** Cycles the city names; with no motion (no JS, reduced motion) it names all three. */
export function HomeHeading({ cities }: { cities: readonly CityName[] }) {
  const chosen = CITY_NAMES.filter((c) => cities.includes(c));
  return (
    <h1 className="pt-8 text-3xl font-bold tracking-tight text-balance sm:pt-12 sm:text-5xl">
      Pubquiz i{" "}
      {chosen.length ? (
        <span className="text-brand-700 dark:text-brand-300">{joinCityNames(chosen)}</span>
      ) : (
        <TypedText
          words={CITY_NAMES}
          timings={HERO_TYPING}
          still={joinCityNames(CITY_NAMES)}
          className="text-brand-700 dark:text-brand-300"
        />
      )}
    </h1>
  );
}
