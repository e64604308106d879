/**
 * What the visitor did before the page's code ran. The boot script (scripts-after-paint.server.ts) starts
 * the code at the visitor's first press or key instead of waiting for the first paint, and keeps the
 * buttons pressed meanwhile (a plain button does nothing without its code); ui/deferred.tsx takes this
 * record when its module runs and presses those buttons again once React has hydrated them.
 */
export type EarlyActs = {
  /** A press, touch or key came before the code. */
  acted: boolean;
  /** The buttons (type "button", or marked data-press-early) pressed before the code, each once, in order. */
  presses: Element[];
};

/** The window property the boot script keeps the record under, until the code takes it. */
export const EARLY_ACTS_KEY = "__quizkvallEarlyActs";

/** The record, taken once: the boot script stops recording when it is gone. */
export function takeEarlyActs(): EarlyActs | null {
  const holder = window as unknown as Record<string, EarlyActs | null | undefined>;
  const acts = holder[EARLY_ACTS_KEY] ?? null;
  holder[EARLY_ACTS_KEY] = null;
  return acts;
}
