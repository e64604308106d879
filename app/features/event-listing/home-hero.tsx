import { HERO_TYPING, TypedText } from "~/components/layout/typed-text";
import { CITY_NAMES, type CityName, joinCityNames } from "~/lib/cities";

/**
 * The home hero: before a city is chosen the typed city name cycles Göteborg, Stockholm, Malmö (timings in
 * typed-text.tsx), and where nothing moves (no JavaScript, reduced motion) it names all three; with cities chosen
 * in the filter it names them.
 */
export function HomeHero({ total, cities }: { total: number; cities: readonly CityName[] }) {
  const chosen = CITY_NAMES.filter((c) => cities.includes(c));
  return (
    <section className="pt-8 pb-6 sm:pt-12 sm:pb-8">
      <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-5xl">
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
      <p className="mt-3 max-w-2xl text-base text-stone-700 sm:text-lg dark:text-stone-300">
        {total} {total === 1 ? "quizkväll" : "quizkvällar"} på pubar och restauranger. Välj stad, typ av quiz
        och dag – och hitta kvällens quiz på några sekunder.
      </p>
    </section>
  );
}
