import { FILTER_FORM_PARAM, type FilterState, filterFormTarget, parseFilterParams } from "./filters";

/** Where home and the pager land once a city and day are chosen, so a phone shows cards, not the filter. */
export const LISTING_ANCHOR = "lista";

/** The hidden field of home's filter forms with the state shown when a button was pressed (no JavaScript). */
export const FILTER_FROM_PARAM = "fran";

const hasCityAndDay = (state: FilterState) =>
  state.cities.length > 0 && (state.day !== null || state.weekdays.length > 0);

const sameList = <T>(a: readonly T[], b: readonly T[]) =>
  a.length === b.length && a.every((v) => b.includes(v));

/** Lands at the listing when the press changed a city or day and both are now chosen. */
export function landsAtListing(current: FilterState, next: FilterState): boolean {
  if (!hasCityAndDay(next)) return false;
  return (
    !sameList(current.cities, next.cities) ||
    current.day !== next.day ||
    !sameList(current.weekdays, next.weekdays)
  );
}

/** A no-JS filter form's target (see `filterFormTarget`), at the listing's heading when it lands there. */
export function filterFormLanding(params: URLSearchParams): string | null {
  const target = filterFormTarget(params);
  if (target === null) return null;
  const current = parseFilterParams(new URLSearchParams(params.get(FILTER_FROM_PARAM) ?? ""));
  const next = parseFilterParams(new URLSearchParams(params.get(FILTER_FORM_PARAM) ?? ""));
  return landsAtListing(current, next) ? `${target}#${LISTING_ANCHOR}` : target;
}

export const atListing = (href: string) => `${href}#${LISTING_ANCHOR}`;
