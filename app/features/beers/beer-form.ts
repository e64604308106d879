import { hasControlCharacters } from "~/lib/control-characters";
import { BEER_ADDRESS_LIMIT_MESSAGE, cooldownMessage } from "./beer-rules";

/** The skåla button without JavaScript: a plain form posting to BEER_FORM_PATH, whose action records the skåla and returns to the page with a notice (lib/flash.server.ts). */
export const beerFormPath = (eventId: string) => `/skala/${encodeURIComponent(eventId)}`;

const BEER_ACCEPTED_MESSAGE = "Skål! 🍻 Din skål är räknad.";
const BEER_RATE_LIMITED_MESSAGE = "För många förfrågningar. Försök igen om en stund.";
const BEER_UNKNOWN_EVENT_MESSAGE = "Eventet finns inte.";
export const BEER_FORM_INVALID_MESSAGE = "Ogiltig förfrågan.";

export type BeerFlash =
  | { eventId: string; outcome: "accepted"; count: number }
  | { eventId: string; outcome: "cooldown"; minutes: number }
  | { eventId: string; outcome: "address-limit" | "rate-limited" | "unknown-event" };

const OUTCOMES = ["accepted", "cooldown", "address-limit", "rate-limited", "unknown-event"] as const;
const FLASH_PATTERN = /^beer\.([a-z-]+)\.([0-9a-f-]{36}|-)\.(\d{1,9})$/;

export function encodeBeerFlash(flash: BeerFlash): string {
  const value = flash.outcome === "accepted" ? flash.count : flash.outcome === "cooldown" ? flash.minutes : 0;
  return `beer.${flash.outcome}.${flash.eventId || "-"}.${value}`;
}

export function decodeBeerFlash(code: string | null): BeerFlash | null {
  const match = code ? FLASH_PATTERN.exec(code) : null;
  if (!match) return null;
  const [, outcome, id, digits] = match;
  const eventId = id === "-" ? "" : (id ?? "");
  const value = Number(digits);
  if (outcome === "accepted") return { eventId, outcome, count: value };
  if (outcome === "cooldown") return { eventId, outcome, minutes: value };
  const other = OUTCOMES.find((o) => o === outcome);
  return other && other !== "accepted" && other !== "cooldown" ? { eventId, outcome: other } : null;
}

export function beerFlashMessage(flash: BeerFlash): string {
  switch (flash.outcome) {
    case "accepted":
      return BEER_ACCEPTED_MESSAGE;
    case "cooldown":
      return cooldownMessage(flash.minutes);
    case "address-limit":
      return BEER_ADDRESS_LIMIT_MESSAGE;
    case "rate-limited":
      return BEER_RATE_LIMITED_MESSAGE;
    case "unknown-event":
      return BEER_UNKNOWN_EVENT_MESSAGE;
  }
}

/** Where the form returns to: a path of this site as the button's page sent it, else home. */
export function returnPathOf(value: unknown): string {
  if (typeof value !== "string" || value.length > 2000 || !/^\/(?![/\\])/.test(value)) return "/";
  if (hasControlCharacters(value)) return "/";
  const url = new URL(value, "http://site.invalid");
  return url.origin === "http://site.invalid" ? `${url.pathname}${url.search}` : "/";
}
