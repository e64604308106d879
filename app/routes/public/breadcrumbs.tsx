import { Link } from "react-router";
import type { WeekdayData } from "./city-slug-view";

export function Breadcrumbs({ city, current }: { city: WeekdayData["city"]; current: string }) {
  return (
    <nav aria-label="Brödsmulor" className="text-sm text-stone-600 dark:text-stone-400">
      <Link to="/" className="rounded-sm hover:underline">
        Start
      </Link>{" "}
      /{" "}
      <Link to={`/quiz/${city.slug}`} className="rounded-sm hover:underline">
        {city.name}
      </Link>{" "}
      / <span aria-current="page">{current}</span>
    </nav>
  );
}
