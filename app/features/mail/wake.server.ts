/** The delivery workers of this process, woken when a mail is queued so it leaves at once instead of at the next poll. */
export type WakeOptions = {
  /** False when the mail was queued inside a caller's transaction that may not have committed yet. */
  committed: boolean;
};

type Waker = (options: WakeOptions) => void;

const WAKERS_KEY = Symbol.for("quizkvall.mail-wakers");
type GlobalWithWakers = typeof globalThis & { [WAKERS_KEY]?: Set<Waker> };

function wakers(): Set<Waker> {
  const g = globalThis as GlobalWithWakers;
  g[WAKERS_KEY] ??= new Set();
  return g[WAKERS_KEY];
}

export function onMailQueued(waker: Waker): () => void {
  wakers().add(waker);
  return () => wakers().delete(waker);
}

export function wakeMailDelivery(options: WakeOptions) {
  for (const waker of wakers()) waker(options);
}
