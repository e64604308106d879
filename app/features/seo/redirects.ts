import { cityBySlug } from "~/lib/cities";

/**
 * Redirects from old and short addresses. All are permanent moves (301); the query string is kept.
 * Returns null when the path is not one of them (e.g. /pubquiz/paris).
 */
export function redirectTarget(pathname: string): string | null {
  const parts = pathname.replace(/\/+$/, "").split("/").filter(Boolean).map(decodeURIComponent);
  const [first, ...rest] = parts;
  if (rest.length === 0 && (first === "veckans-quiz" || first === "quiz" || first === "quizfragor")) {
    return "/veckans-nutidsquiz";
  }
  const [, quizSlug] = rest;
  if (first === "quizfragor" && rest.length === 2 && quizSlug)
    return `/veckans-nutidsquiz/${encodeURIComponent(quizSlug)}`;
  if (first === "pubquiz" && (rest.length === 1 || rest.length === 2)) {
    return `/quiz/${rest.map(encodeURIComponent).join("/")}`;
  }
  if (rest.length === 0 && first && cityBySlug(first)) return `/quiz/${first}`;
  return null;
}
