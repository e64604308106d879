import { type ComponentType, memo, Suspense, use } from "react";

// Memoised: React can hydrate a waiting part only while its props stay the same.

type Thenable<T> = Promise<T> & { status?: "fulfilled"; value?: T };

const loads: Promise<unknown>[] = [];

export function partsLoaded(): Promise<unknown> {
  return Promise.allSettled(loads);
}

function settleable<T>(promise: Promise<T>): Thenable<T> {
  const thenable = promise as Thenable<T>;
  void thenable.then((value) => {
    thenable.status = "fulfilled";
    thenable.value = value;
  });
  return thenable;
}

type DeferredComponent<P> = ComponentType<P> & { preload: () => Promise<void> };

/** `whenRendered`: for parts few pages show. */
export function deferred<P extends object>(
  load: () => Promise<ComponentType<P>>,
  { whenRendered = false }: { whenRendered?: boolean } = {},
): DeferredComponent<P> {
  let module: Thenable<ComponentType<P>> | undefined;
  const start = () => {
    module ??= settleable(load());
    return module;
  };
  // Loaded at once so the server renders the part in full and the browser has it by hydration.
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

/** Navigations wait for the parts' code with the data, so no part shows as an empty space. */
export async function withDeferredParts<T>(
  data: Promise<T>,
  ...parts: { preload: () => Promise<void> }[]
): Promise<T> {
  const [loaded] = await Promise.all([data, ...parts.map((part) => part.preload())]);
  return loaded;
}
