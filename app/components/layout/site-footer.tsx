import { Link } from "react-router";
import { CITIES } from "~/lib/cities";
import { AboutDialog } from "./about-dialog";

const linkClass = "rounded-sm hover:text-stone-900 hover:underline dark:hover:text-stone-100";

export function SiteFooter() {
  return (
    <footer className="print:hidden mt-16 border-t border-stone-200 bg-white dark:border-stone-800 dark:bg-stone-900">
      <div className="mx-auto grid max-w-7xl gap-6 px-4 py-10 text-sm text-stone-600 sm:px-6 md:grid-cols-[1fr_auto] dark:text-stone-400">
        <div className="space-y-3">
          <AboutDialog />
          <p className="max-w-prose">
            Quizkväll är en oberoende tjänst och är inte knuten till någon restaurang, pub eller quizarrangör.
            Vi reserverar oss för eventuella fel eller ändringar. Alla varumärken tillhör respektive ägare.
          </p>
          <div className="flex items-center gap-2">
            <p>© 2025 Quizkväll</p>
            <Link
              to="/admin"
              aria-label="Admin"
              className="rounded-sm px-1 text-stone-500 dark:text-stone-400"
            >
              ·
            </Link>
          </div>
        </div>
        <nav aria-label="Sidfot">
          <ul className="flex flex-col gap-2">
            <li>
              <Link to="/veckans-nutidsquiz" className={linkClass}>
                Veckans NutidsQuiz
              </Link>
            </li>
            <li>
              <Link to="/mina-quiz" className={linkClass}>
                Mina quiz
              </Link>
            </li>
            <li>
              <Link to="/integritet" className={linkClass}>
                Integritet
              </Link>
            </li>
            {CITIES.map((city) => (
              <li key={city.slug}>
                <Link to={`/quiz/${city.slug}`} className={linkClass}>
                  Pubquiz i {city.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
