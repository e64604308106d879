import { Link } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { CITIES } from "~/lib/cities";

/**
 * An unknown city shows 'Stad inte hittad'. The routes load it only when it shows (a deferred part), for
 * the "city-not-found" AppError their loaders throw (lib/app-error.ts).
 */
export function CityNotFound() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <h1 className="text-2xl font-semibold">Stad inte hittad</h1>
      <p className="mt-2 text-stone-600 dark:text-stone-400">Vi listar quizkvällar i de här städerna:</p>
      <ul className="mt-6 flex flex-wrap justify-center gap-2">
        {CITIES.map((c) => (
          <li key={c.slug}>
            <Link to={`/quiz/${c.slug}`} className={buttonClasses("secondary")}>
              {c.name}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
