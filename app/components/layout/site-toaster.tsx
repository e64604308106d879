import { type ComponentType, useEffect, useState } from "react";
import { onToasterRequested } from "~/components/ui/toast";

const FIRST_INTERACTION = ["pointerdown", "keydown"] as const;

/**
 * The site's toast area with sonner, kept out of the first page load. It mounts at the visitor's first
 * press or key (toasts answer actions, so the live region is in place before the first one) or when a
 * toast is asked for, whichever comes first (see ui/toast.ts).
 */
export function SiteToaster() {
  const [isWanted, setIsWanted] = useState(false);
  // Loaded by hand rather than with React.lazy: nothing shows until it is ready, so no Suspense is needed.
  const [Body, setBody] = useState<ComponentType | null>(null);
  useEffect(() => {
    const want = () => setIsWanted(true);
    // Not inside the visitor's event: the page's own handlers for it run first, undisturbed.
    const wantSoon = () => window.setTimeout(want, 0);
    for (const type of FIRST_INTERACTION)
      window.addEventListener(type, wantSoon, { once: true, passive: true });
    const unsubscribe = onToasterRequested(want);
    return () => {
      unsubscribe();
      for (const type of FIRST_INTERACTION) window.removeEventListener(type, wantSoon);
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
