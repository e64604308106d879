import { COOLDOWN_MARK_KEY } from "./beer-cooldown-key";

/**
 * When this browser's latest skåla cooldown ends, kept in localStorage (written by beer-status-client.ts).
 * A page whose skåla buttons wait for the visitor's first act (ui/deferred.tsx) reads it to load them at
 * once while a cooldown may run, so the buttons show it without a touch; the server still decides every
 * cooldown.
 */
/** Whether a cooldown noted in this browser may still run. */
export function mayHaveBeerCooldown(): boolean {
  try {
    return Number(localStorage.getItem(COOLDOWN_MARK_KEY)) > Date.now();
  } catch {
    return false;
  }
}
