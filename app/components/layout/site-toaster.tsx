import { type ComponentType, useEffect, useState } from "react";
import { onToasterRequested } from "~/components/ui/toast";

/**
 * The site's toast area with sonner, kept out of the page's load and its first taps. It mounts at the
 * visitor's first send of a form or when a toast is asked for, whichever comes first; either way its live
 * region is in the page before the first toast is published into it (see ui/toast.ts).
 */
export function SiteToaster() {
  const [isWanted, setIsWanted] = useState(false);
  // Loaded by hand rather than with React.lazy: nothing shows until it is ready, so no Suspense is needed.
  const [Body, setBody] = useState<ComponentType | null>(null);
  useEffect(() => {
    const want = () => setIsWanted(true);
    // Not inside the visitor's event: the page's own handlers for it run first, undisturbed.
    const wantSoon = () => window.setTimeout(want, 0);
    // Sends are what toasts answer: their code loads beside the request, not at every page's first tap.
    window.addEventListener("submit", wantSoon, { once: true, passive: true, capture: true });
    const unsubscribe = onToasterRequested(want);
    return () => {
      unsubscribe();
      window.removeEventListener("submit", wantSoon, { capture: true });
    };
  }, []);
  useEffect(() => {
    if (!isWanted) return;
    let isCurrent = true;
    void import("./site-toaster-body").then((m) => {
      if (isCurrent) setBody(() => m.default);
    });
    return () => {
      isCurrent = false;
    };
  }, [isWanted]);
  return Body ? <Body /> : null;
}
