/**
 * CONTRACT (issue 4 implements it): the 'Saknar du ett quiz?' button (with its hover hint) and the venue
 * suggestion dialog, placed on home.
 */
export function SuggestionDialog(_props: { triggerClassName?: string }) {
  return null;
}
