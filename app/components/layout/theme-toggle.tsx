import { Monitor, Moon, Sun } from "lucide-react";
import { useEffect, useState } from "react";
import { applyTheme, THEME_LABELS, THEMES, type Theme } from "./theme";

const ICONS = { light: Sun, dark: Moon, system: Monitor } as const;

/** Cycles light → dark → system. Until hydration the icon follows html[data-theme] set by the boot script. */
export function ThemeToggle() {
  const [theme, setTheme] = useState<Theme | null>(null);

  useEffect(() => {
    const current = document.documentElement.dataset.theme as Theme | undefined;
    setTheme(current && THEMES.includes(current) ? current : "system");
    const media = window.matchMedia("(prefers-color-scheme: dark)");
    const onChange = () => {
      if (document.documentElement.dataset.theme === "system") applyTheme("system");
    };
    media.addEventListener("change", onChange);
    return () => media.removeEventListener("change", onChange);
  }, []);

  const current = theme ?? "system";
  const next = THEMES[(THEMES.indexOf(current) + 1) % THEMES.length]!;
  const Icon = ICONS[current];
  return (
    <button
      type="button"
      onClick={() => {
        applyTheme(next);
        setTheme(next);
      }}
      className="inline-flex size-10 items-center justify-center rounded-lg text-stone-700 hover:bg-stone-100 dark:text-stone-300 dark:hover:bg-stone-800"
      aria-label={`Tema: ${THEME_LABELS[current]}. Byt till ${THEME_LABELS[next].toLowerCase()}`}
      title={`Tema: ${THEME_LABELS[current]}`}
    >
      <Icon className="size-5" aria-hidden />
    </button>
  );
}
