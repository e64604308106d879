import { Monitor, Moon, Sun } from "lucide-react";
import { useEffect } from "react";
import { cn } from "~/lib/cn";
import { applyTheme, THEME_LABELS, THEMES, type Theme } from "./theme";

const ICONS = { light: Sun, dark: Moon, system: Monitor } as const;

/** Shows the face of html[data-theme], set by the boot script before first paint; "System" when no script ran. */
const FACE_CLASSES: Record<Theme, string> = {
  light: "hidden in-data-[theme=light]:flex",
  dark: "hidden in-data-[theme=dark]:flex",
  system: "flex in-data-[theme=light]:hidden in-data-[theme=dark]:hidden",
};

const nextTheme = (theme: Theme) => THEMES[(THEMES.indexOf(theme) + 1) % THEMES.length]!;

function currentTheme(): Theme {
  const theme = document.documentElement.dataset.theme as Theme | undefined;
  return theme && THEMES.includes(theme) ? theme : "system";
}

/** CSS shows the current face, so it is right from the first paint before this island hydrates. */
export function ThemeToggle() {
  useEffect(() => {
    const media = window.matchMedia("(prefers-color-scheme: dark)");
    const onChange = () => {
      if (currentTheme() === "system") applyTheme("system");
    };
    media.addEventListener("change", onChange);
    return () => media.removeEventListener("change", onChange);
  }, []);

  return (
    <button
      type="button"
      onClick={() => applyTheme(nextTheme(currentTheme()))}
      className="relative inline-flex size-10 items-center justify-center rounded-lg text-stone-700 hover:bg-stone-100 dark:text-stone-300 dark:hover:bg-stone-800"
    >
      {THEMES.map((theme) => {
        const Icon = ICONS[theme];
        return (
          <span
            key={theme}
            title={`Tema: ${THEME_LABELS[theme]}`}
            className={cn("absolute inset-0 items-center justify-center", FACE_CLASSES[theme])}
          >
            <Icon className="size-5" aria-hidden />
            <span className="sr-only">{`Tema: ${THEME_LABELS[theme]}. Byt till ${THEME_LABELS[nextTheme(theme)].toLowerCase()}`}</span>
          </span>
        );
      })}
    </button>
  );
}
