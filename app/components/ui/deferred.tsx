import { type ComponentType, memo, Suspense, use } from "react";

/**
 * A part of a server-rendered page whose code is a chunk of its own: an island that hydrates on its own.
 * The server renders it in full (its module is loaded when the server starts), so the page shows it and its
 * links and forms work before its code is there. In the browser its chunk is asked for as soon as the module
 * that declares it runs, beside the route's own; if hydration reaches the part before the chunk is in,
 * React leaves the server's HTML in place, hydrates the rest of the page, then the part. A route that shows such parts preloads them with its data on a navigation
 * (`withDeferredParts`), so a new page is rendered whole.
 *
 * The wrapper is memoised: React can hydrate a waiting part only while its props stay the same.
 */

type Thenable<T> = Promise<T> & { status?: "fulfilled"; value?: T };

/** Every part's code on its way (see `partsLoaded`). */
const loads: Promise<unknown>[] = [];

/** Settles once the code of every part declared so far is in. */
export function partsLoaded(): Promise<unknown> {
  return Promise.allSettled(loads);
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

/** A part whose code loads on its own (see above); `preload` loads it and resolves once it is in. */
type DeferredComponent<P> = ComponentType<P> & { preload: () => Promise<void> };

/**
 * `whenRendered`: the chunk is asked for only when the browser first renders the part, for parts few pages
 * show (error pages, admins' controls) that no other page should load.
 */
export function deferred<P extends object>(
  load: () => Promise<ComponentType<P>>,
  { whenRendered = false }: { whenRendered?: boolean } = {},
): DeferredComponent<P> {
  let module: Thenable<ComponentType<P>> | undefined;
  const start = () => {
    module ??= settleable(load());
    return module;
  };
  // Loaded at once, beside the route's own modules: the server renders the part in full from its first page
  // on, and the browser has it by the time hydration reaches it (or soon after, hydrating it then).
  if (typeof document === "undefined" || !whenRendered) loads.push(start());
  const part: Part<P> = { start };
  const wrapper = memo((props: P) => <DeferredPart part={part} props={props} />);
  return Object.assign(wrapper, {
    preload: async () => {
      await start();
    },
  }) as unknown as DeferredComponent<P>;
}

type Part<P> = { start: () => Thenable<ComponentType<P>> };

function Loaded<P extends object>({ part, props }: { part: Part<P>; props: P }) {
  const Component = use(part.start() as Promise<ComponentType<P>>);
  return <Component {...props} />;
}

function DeferredPart<P extends object>({ part, props }: { part: Part<P>; props: P }) {
  return (
    <Suspense fallback={null}>
      <Loaded part={part} props={props} />
    </Suspense>
  );
}

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
