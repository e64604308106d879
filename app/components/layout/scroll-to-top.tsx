import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/** The page scrolls smoothly to the top on every route change (not on query-only changes). */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect must run on every pathname change
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    window.scrollTo({ top: 0, behavior: smooth ? "smooth" : "auto" });
  }, [pathname]);
  return null;
}
