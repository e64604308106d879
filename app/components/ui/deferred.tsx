import { type ComponentType, memo, Suspense, use, useEffect, useRef } from "react";
import { takeEarlyActs } from "~/lib/early-acts";

/**
 * Parts of a server-rendered page whose code is not in the first load. The server renders them in full
 * (their module is loaded when the server starts), so the page shows them and their links and forms work
 * without their code. In the browser they stay as the server's HTML until the visitor first does
 * something (a press, a key, a touch, a wheel, a pointer move) or the router starts loading, when every
 * deferred module loads and React hydrates them.
 *
 * React can only hydrate a part whose props and context are unchanged, so the wrapper is memoised, a part
 * that gets new props asks for its code at once, and `useWakeDeferredOnRouterWork` (in the root) starts
 * the load as soon as the router's state moves, since a router update reaches every part still waiting.
 *
 * A press on a deferred button before its code is there is not lost: it is held and pressed again once
 * React has hydrated that button (see `holdEarlyPress`), as is a press before any of the page's code ran
 * (see `replayEarlyActs`).
 */

type Thenable<T> = Promise<T> & { status?: "fulfilled"; value?: T };

const isServer = typeof document === "undefined";
const waiting: Array<() => void> = [];
let isAwake = isServer;
const loads: Thenable<unknown>[] = [];

/** Starts every deferred module's download (once). */
function wakeDeferred() {
  if (isAwake) return;
  isAwake = true;
  for (const start of waiting.splice(0)) start();
}

/** A promise React's `use` reads without suspending once it has settled. */
function settleable<T>(promise: Promise<T>): Thenable<T> {
  const thenable = promise as Thenable<T>;
  void thenable.then((value) => {
    thenable.status = "fulfilled";
    thenable.value = value;
  });
  return thenable;
}

/**
 * A component whose code loads when the visitor first acts (see above), or with `whenRendered` as soon as
 * the browser renders it (for parts few pages show, such as error pages: they hydrate when their code is
 * in, and no other page loads it). `load` resolves to the component; with the first kind its props must
 * be stable between the parent's renders (loader data, constants, memoised callbacks) for the part to wait.
 */
export function deferred<P extends object>(
  load: () => Promise<ComponentType<P>>,
  { whenRendered = false }: { whenRendered?: boolean } = {},
): DeferredComponent<P> {
  let module: Thenable<ComponentType<P>> | undefined;
  const start = () => {
    if (module) return module;
    module = settleable(load());
    // A part loaded when rendered is on the way too: an early press on it waits for it (holdEarlyPress).
    if (!isServer && whenRendered) loads.push(module);
    return module;
  };
  let component: (() => Thenable<ComponentType<P>>) | undefined;
  if (isServer) component = start;
  else if (!whenRendered) {
    const woken = isAwake
      ? start()
      : settleable(new Promise<void>((resolve) => waiting.push(resolve)).then(start));
    loads.push(woken);
    component = () => woken;
  }
  const current = component ?? start;
  // The server renders the part in full from its first page on: its module is loaded at start.
  if (isServer) void start();

  const part = { current };
  // Memoised: React hydrates a waiting part only while its props stay the same.
  const wrapper = memo((props: P) => <DeferredPart part={part} props={props} />);
  return Object.assign(wrapper, {
    preload: async () => {
      wakeDeferred();
      await current();
    },
  }) as unknown as DeferredComponent<P>;
}

/** A deferred part; `preload` loads its code (and every other deferred part's) and resolves once it is in. */
type DeferredComponent<P> = ComponentType<P> & { preload: () => Promise<void> };

/**
 * For a route's clientLoader, on a page whose parts are deferred: its data, once the parts' code is in too.
 * On the first load the server's data and HTML are used as they are (a clientLoader without `hydrate` is
 * not called then). On a navigation in the browser the parts' code is fetched beside the page's data, so
 * React Router renders the new page only when both are in: the previous page stays on screen meanwhile, as
 * for any route, instead of the new one showing an empty space where a part waits for its code.
 */
export async function withDeferredParts<T>(
  data: Promise<T>,
  ...parts: { preload: () => Promise<void> }[]
): Promise<T> {
  const [loaded] = await Promise.all([data, ...parts.map((part) => part.preload())]);
  return loaded;
}

type Part<P> = { current: () => Thenable<ComponentType<P>> };

function Loaded<P extends object>({ part, props }: { part: Part<P>; props: P }) {
  const Component = use(part.current() as Promise<ComponentType<P>>);
  return <Component {...props} />;
}

function DeferredPart<P extends object>({ part, props }: { part: Part<P>; props: P }) {
  // New props for a part still waiting (its parent's state changed): React can only show the new props
  // with the part's code, so the code is asked for now rather than at the visitor's first act.
  const hasCommitted = useRef(false);
  if (hasCommitted.current) wakeDeferred();
  useEffect(() => {
    hasCommitted.current = true;
  });
  return (
    <Suspense fallback={null}>
      <Loaded part={part} props={props} />
    </Suspense>
  );
}

/** React marks each element it has hydrated with a property of this prefix. */
const isHydrated = (element: Element) => Object.keys(element).some((key) => key.startsWith("__reactProps$"));

const MAX_FRAMES = 600;
/** Presses and submits handed back to the browser as they are (their element never hydrated in time). */
const letThrough = new WeakSet<Element>();

/** Whether an early event on `element` must wait for its code: a deferred module is still on the way. */
function mustWait(element: Element) {
  // Once every module is in, React hydrates a pressed part at once itself.
  if (loads.every((load) => load.status === "fulfilled")) return false;
  if (letThrough.delete(element)) return false;
  return !isHydrated(element);
}

/** Asks for the code, then runs `again` on `element` once React has hydrated it (or gives up waiting). */
function repeatWhenHydrated(element: Element, again: () => void) {
  wakeDeferred();
  void Promise.allSettled(loads).then(() => {
    let frames = 0;
    const check = () => {
      if (!element.isConnected) return;
      if (isHydrated(element)) again();
      else if (++frames < MAX_FRAMES) requestAnimationFrame(check);
      else {
        letThrough.add(element);
        again();
      }
    };
    requestAnimationFrame(check);
  });
}

/** A plain press on a link to this site, which the router would handle once hydrated. */
function isRouterLinkPress(event: MouseEvent, link: HTMLAnchorElement) {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  if (link.hasAttribute("download") || (link.target && link.target !== "_self")) return false;
  return link.origin === window.location.origin;
}

/**
 * A press on a button or link React has not hydrated yet (its part's code is still on the way) would
 * reach no handler (a link would load the whole next page). It is held instead: the code is asked for, and
 * once every deferred module is in and React has hydrated the element, the same element is pressed again.
 */
function holdEarlyPress(event: MouseEvent) {
  if (!(event.target instanceof Element)) return;
  const control = event.target.closest("button, a[href]");
  if (control instanceof HTMLButtonElement) {
    if (control.type === "reset" || control.disabled) return;
  } else if (!(control instanceof HTMLAnchorElement) || !isRouterLinkPress(event, control)) return;
  if (!mustWait(control)) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  repeatWhenHydrated(control, () => control.click());
}

/**
 * A form sent before its code is in would leave the page (it posts without JavaScript, as it must); with
 * its code on the way it is held the same way and sent again once React handles it, so it answers in place.
 */
function holdEarlySubmit(event: SubmitEvent) {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || !mustWait(form)) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  const submitter = event.submitter;
  repeatWhenHydrated(form, () =>
    form.requestSubmit(submitter instanceof HTMLElement && submitter.isConnected ? submitter : null),
  );
}

const FIRST_ACTS = ["pointerdown", "pointermove", "keydown", "touchstart", "wheel", "focusin"] as const;

/**
 * Acts from before this module ran, noted by the boot script (early-acts.ts): the visitor has acted, so the
 * deferred parts load at once, and each button pressed meanwhile is pressed again once React has hydrated
 * it. The replay waits a task, for the route modules (run right after this one) to declare their parts.
 */
function replayEarlyActs() {
  const early = takeEarlyActs();
  if (!early?.acted) return;
  wakeDeferred();
  if (early.presses.length === 0) return;
  setTimeout(() => {
    for (const button of early.presses)
      if (button instanceof HTMLElement) repeatWhenHydrated(button, () => button.click());
  }, 0);
}

if (!isServer) {
  // Registered before React's own listeners (route modules run before the client entry), so it goes first.
  document.addEventListener("click", holdEarlyPress, true);
  document.addEventListener("submit", holdEarlySubmit, true);
  for (const type of FIRST_ACTS)
    window.addEventListener(type, wakeDeferred, { once: true, passive: true, capture: true });
  replayEarlyActs();
}

/**
 * Starts the deferred modules when the router starts loading anything (a navigation, a revalidation, a
 * fetcher): the update reaches the deferred parts, which can then only wait for their code.
 */
export function useWakeDeferredOnRouterWork(isBusy: boolean) {
  // During render, not in an effect: the router's update renders the deferred parts in the same pass.
  if (isBusy) wakeDeferred();
  useEffect(() => {
    if (isBusy) wakeDeferred();
  }, [isBusy]);
}
