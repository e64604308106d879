import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import type { MapInput } from "./city-map-leaflet";

/** The notice where the map would be, without JavaScript (the `scripting` media query) or when it fails. */
const MAP_NEEDS_SCRIPT = "Kartan behöver JavaScript. Här är samma quiz som lista.";
const MAP_FAILED = "Kartan kunde inte visas just nu. Här är samma quiz som lista.";

/**
 * The map's place on the page. Leaflet (and its stylesheet) is imported here, in an effect, so it never runs on
 * the server and no other page's script holds it; the list beside the map is the page without it.
 */
export function CityMapCanvas({ label, ...input }: Omit<MapInput, "open"> & { label: string }) {
  const element = useRef<HTMLElement>(null);
  const [failed, setFailed] = useState(false);
  const navigate = useNavigate();
  const { city, citySlug, nights, position, tiles } = input;

  useEffect(() => {
    const target = element.current;
    if (!target) return;
    let remove: (() => void) | undefined;
    let gone = false;
    import("./city-map-leaflet").then(
      ({ showMap }) => {
        if (gone) return;
        remove = showMap(target, { city, citySlug, nights, position, tiles, open: (href) => navigate(href) });
        setFailed(false);
      },
      () => setFailed(true),
    );
    return () => {
      gone = true;
      remove?.();
    };
  }, [city, citySlug, nights, position, tiles, navigate]);

  return (
    <div>
      <section
        ref={element}
        aria-label={label}
        className="z-0 h-[55vh] min-h-72 w-full overflow-hidden rounded-2xl border border-stone-300 bg-stone-100 dark:border-stone-700 dark:bg-stone-900 [@media(scripting:none)]:hidden"
        hidden={failed}
      />
      <p
        className={`rounded-xl border border-dashed border-stone-300 p-4 text-stone-700 dark:border-stone-700 dark:text-stone-300 ${failed ? "" : "[@media(scripting:enabled)]:hidden"}`}
        role={failed ? "status" : undefined}
      >
        {failed ? MAP_FAILED : MAP_NEEDS_SCRIPT}
      </p>
    </div>
  );
}
