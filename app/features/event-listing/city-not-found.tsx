import { isRouteErrorResponse, Link } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { CITIES } from "~/lib/cities";

/** The 404 a loader throws for a city we do not list. */
export const CITY_NOT_FOUND = { reason: "city" } as const;

export function isCityNotFound(error: unknown): boolean {
  return isRouteErrorResponse(error) && error.status === 404 && error.data?.reason === "city";
}

/** An unknown city shows 'Stad inte hittad'. */
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
