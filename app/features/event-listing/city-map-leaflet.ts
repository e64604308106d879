import "leaflet/dist/leaflet.css";
import * as L from "leaflet";
import type { CityName } from "~/lib/cities";
import { CITY_CENTRES, type MapNight, POSITION_CLASSES, TONE_CLASSES } from "./city-map";

/**
 * The city map itself: plain Leaflet, loaded only by the map page's client-only effect (city-map-canvas.tsx),
 * so neither Leaflet nor its stylesheet is part of any other page's script.
 */
export type MapInput = {
  city: CityName;
  citySlug: string;
  nights: readonly MapNight[];
  position: { lat: number; lng: number } | null;
  /** MAP_TILES_URL's {z}/{x}/{y} template. */
  tiles: string;
  /** Opens an event page in the app (a plain link works as well; this keeps the page's state). */
  open: (href: string) => void;
};

const ATTRIBUTION = '© <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>-bidragsgivare';
const MARKER_CLASSES = "rounded-full border-2 border-white shadow-md";

function popupOf(night: MapNight, href: string, open: MapInput["open"]): HTMLElement {
  const box = document.createElement("div");
  const link = document.createElement("a");
  link.href = href;
  link.textContent = night.title;
  link.className = "font-semibold";
  link.addEventListener("click", (event) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    open(href);
  });
  const when = document.createElement("div");
  when.textContent = night.label;
  box.append(link, when);
  return box;
}

/** Draws the map into `element`; returns what removes it again. */
export function showMap(element: HTMLElement, input: MapInput): () => void {
  const map = L.map(element, { zoomControl: false, scrollWheelZoom: false });
  L.control.zoom({ zoomInTitle: "Zooma in", zoomOutTitle: "Zooma ut" }).addTo(map);
  map.attributionControl.setPrefix('<a href="https://leafletjs.com">Leaflet</a>');
  L.tileLayer(input.tiles, { maxZoom: 19, attribution: ATTRIBUTION }).addTo(map);
  map.on("popupopen", (event) => {
    event.popup
      .getElement()
      ?.querySelector(".leaflet-popup-close-button")
      ?.setAttribute("aria-label", "Stäng");
  });
  const points: L.LatLngExpression[] = [];
  for (const night of input.nights) {
    const tonight = night.tone === "tonight";
    const size = tonight ? 22 : 16;
    const icon = L.divIcon({
      className: `${MARKER_CLASSES} ${TONE_CLASSES[night.tone]}`,
      iconSize: [size, size],
      popupAnchor: [0, -size / 2],
    });
    const href = `/quiz/${input.citySlug}/${night.slug}`;
    L.marker([night.lat, night.lng], {
      icon,
      title: night.label ? `${night.title}, ${night.label}` : night.title,
      zIndexOffset: tonight ? 1000 : night.tone === "cancelled" ? -1000 : 0,
      riseOnHover: true,
    })
      .bindPopup(() => popupOf(night, href, input.open))
      .addTo(map);
    points.push([night.lat, night.lng]);
  }
  if (input.position) {
    const here: L.LatLngExpression = [input.position.lat, input.position.lng];
    L.marker(here, {
      icon: L.divIcon({ className: `rounded-full ${POSITION_CLASSES}`, iconSize: [14, 14] }),
      interactive: false,
      keyboard: false,
      zIndexOffset: 2000,
    }).addTo(map);
    points.push(here);
  }
  if (points.length) map.fitBounds(L.latLngBounds(points), { padding: [24, 24], maxZoom: 15 });
  else map.setView(CITY_CENTRES[input.city], 13);
  return () => map.remove();
}
