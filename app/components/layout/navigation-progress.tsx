import { useEffect, useState } from "react";
import { useNavigation } from "react-router";

/** Navigations that finish within this time show no bar, so fast pages do not flicker. */
const NAVIGATION_PROGRESS_DELAY_MS = 150;

/** True once a navigation (page change or form submission) has been under way for the delay. */
export function useSlowNavigation(): boolean {
  const isNavigating = useNavigation().state !== "idle";
  const [isSlow, setIsSlow] = useState(false);
  useEffect(() => {
    if (!isNavigating) {
      setIsSlow(false);
      return;
    }
    const timer = setTimeout(() => setIsSlow(true), NAVIGATION_PROGRESS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [isNavigating]);
  return isNavigating && isSlow;
}

/**
 * A thin indeterminate bar along the top of the window while a slow navigation is under way. With reduced
 * motion it stands still across the full width instead of sliding.
 */
export function NavigationProgress({ isVisible }: { isVisible: boolean }) {
  if (!isVisible) return null;
  return (
    <div
      role="progressbar"
      aria-label="Laddar sidan"
      className="pointer-events-none fixed inset-x-0 top-0 z-[60] h-1 overflow-hidden bg-brand-200/70 dark:bg-brand-900/70"
    >
      <div className="h-full w-2/5 animate-navigation-progress bg-brand-600 motion-reduce:w-full motion-reduce:animate-none dark:bg-brand-300" />
    </div>
  );
}
