/** Theme choice kept in localStorage and applied by an inline script before first paint. */
const THEME_STORAGE_KEY = "quizkvall_theme";
export const THEMES = ["light", "dark", "system"] as const;
export type Theme = (typeof THEMES)[number];

export const THEME_LABELS: Record<Theme, string> = { light: "Ljust", dark: "Mörkt", system: "System" };

/**
 * Runs in <head> before the body renders, so a dark-mode visitor never sees a light flash. Only the
 * server's HTML carries it: by the time React hydrates, it has run, and React leaves a hydrated script's
 * contents alone (root.tsx marks the element so), so the client build leaves its text out.
 */
export const themeBootScript = !import.meta.env.SSR
  ? ""
  : `(function(){try{var t=localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)});if(t!=="light"&&t!=="dark")t="system";var d=t==="dark"||(t==="system"&&matchMedia("(prefers-color-scheme: dark)").matches);var e=document.documentElement;e.classList.toggle("dark",d);e.dataset.theme=t;}catch(_){}})();`;

export function applyTheme(theme: Theme) {
  const root = document.documentElement;
  const dark =
    theme === "dark" || (theme === "system" && window.matchMedia("(prefers-color-scheme: dark)").matches);
  root.classList.toggle("dark", dark);
  root.dataset.theme = theme;
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
}
