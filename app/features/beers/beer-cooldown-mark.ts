/**
 * When this browser's latest skåla cooldown ends, kept in localStorage (written by beer-status-client.ts).
 * Home reads it to ask for its listing's code while a cooldown may run (home.tsx), which the listing's
 * island asks for on every load anyway (ui/deferred.tsx); the server still decides every cooldown. The key
 * is written out here and in beer-status-client.ts rather than shared through a module: such a module
 * became a chunk of its own on every page with a skåla button (beer-cooldown-mark.test.ts checks that both
 * sides agree).
 */
const COOLDOWN_MARK_KEY = "quizkvall_beer_cooldown_until";

/** Whether a cooldown noted in this browser may still run. */
export function mayHaveBeerCooldown(): boolean {
  try {
    return Number(localStorage.getItem(COOLDOWN_MARK_KEY)) > Date.now();
  } catch {
    return false;
  }
}
