import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { CITY_NAMES } from "~/lib/cities";
import { HeaderSearch } from "./header-search";
import { ThemeToggle } from "./theme-toggle";
import { HEADER_TYPING, TypedText } from "./typed-text";

/** Header of every page: brand with the typed city, search (home only), the weekly quiz link, the theme toggle. */
export function SiteHeader({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <header className="sticky top-0 z-40 border-b border-stone-200/80 bg-stone-50/90 backdrop-blur dark:border-stone-800/80 dark:bg-stone-950/90">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6">
        <Link
          to="/"
          className="flex min-w-0 items-baseline gap-1.5 rounded-md text-lg font-bold tracking-tight"
        >
          <span className="text-brand-700 dark:text-brand-300">Quizkväll</span>
          <TypedText
            words={CITY_NAMES}
            timings={HEADER_TYPING}
            className="hidden text-base font-medium text-stone-600 sm:inline dark:text-stone-400"
          />
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
