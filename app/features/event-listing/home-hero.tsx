import { HERO_TYPING, TypedText } from "~/components/layout/typed-text";
import { CITY_NAMES, type CityName } from "~/lib/cities";

/**
 * The home hero: the typed city name cycles Göteborg, Stockholm, Malmö (timings in typed-text.tsx); with one city
 * chosen in the filter it names that city.
 */
export function HomeHero({ total, city }: { total: number; city?: CityName }) {
  return (
    <section className="pt-8 pb-6 sm:pt-12 sm:pb-8">
      <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-5xl">
        Pubquiz i{" "}
        {city ? (
          <span className="text-brand-700 dark:text-brand-300">{city}</span>
        ) : (
          <TypedText
            words={CITY_NAMES}
            timings={HERO_TYPING}
            className="text-brand-700 dark:text-brand-300"
          />
        )}
      </h1>
      <p className="mt-3 max-w-2xl text-base text-stone-700 sm:text-lg dark:text-stone-300">
        {total} quizkvällar på pubar och restauranger. Välj stad, typ av quiz och dag – och hitta kvällens
        quiz på några sekunder.
      </p>
    </section>
  );
}
