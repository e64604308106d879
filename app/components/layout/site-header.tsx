import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { deferred } from "~/components/ui/deferred";
import { CITY_NAMES, citiesOfPage, joinCityNames } from "~/lib/cities";

/** A GET form that works before its code is in. */
const HeaderSearch = deferred(() => import("./header-search").then((m) => m.HeaderSearch));

/** Shows the current theme by CSS alone, so it is right before it hydrates. */
const ThemeToggle = deferred(() => import("./theme-toggle").then((m) => m.ThemeToggle));

/** Home only: other pages never load the typing code. */
const HeaderTypedText = deferred(() => import("./header-typed-text").then((m) => m.HeaderTypedText), {
  whenRendered: true,
});

/** The city is typed in turn only on home before a city is chosen. */
export function SiteHeader({ children, progress }: { children?: ReactNode; progress?: ReactNode }) {
  const { pathname, search } = useLocation();
  const cities = citiesOfPage(pathname, search);
  const cityClasses = "text-xs font-medium text-stone-600 sm:text-base dark:text-stone-400";
  return (
    <header className="print:hidden sticky top-0 z-40 border-b border-stone-200/80 bg-stone-50/90 backdrop-blur dark:border-stone-800/80 dark:bg-stone-950/90">
      {progress}
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6">
        {/* On phones the city sits under the brand: beside it, the header's row is wider than 390 px. */}
        <Link
          to="/"
          className="flex min-w-0 shrink-0 flex-col rounded-md text-lg leading-tight font-bold tracking-tight sm:flex-row sm:items-baseline sm:gap-1.5"
        >
          <span className="text-brand-700 dark:text-brand-300">Quizkväll</span>
          {cities.length > 0 ? (
            <span data-header-city className={cityClasses}>
              {joinCityNames(cities)}
            </span>
          ) : (
            pathname === "/" && <HeaderTypedText words={CITY_NAMES} className={cityClasses} />
          )}
        </Link>
        <nav aria-label="Huvudmeny" className="ml-auto flex items-center gap-1">
          {pathname === "/" && <HeaderSearch />}
          {children}
          <Link
            to="/veckans-nutidsquiz"
            className="rounded-lg px-3 py-2 text-sm font-medium text-stone-700 hover:bg-stone-100 dark:text-stone-200 dark:hover:bg-stone-800"
          >
            Veckans NutidsQuiz
          </Link>
          <ThemeToggle />
        </nav>
      </div>
    </header>
  );
}
