import { useEffect, useState, useSyncExternalStore } from "react";
import { Toaster } from "sonner";
import { toasterIsReady } from "~/components/ui/toast";

const TOAST_DURATION_MS = 3000;
/**
 * Below the site's 768 px breakpoint a dialog fills the screen's width, and a toast at the top would cover its
 * heading and close button (an error toast while a dialog is still open): on phones toasts come from below.
 */
const PHONE_QUERY = "(max-width: 767.98px)";

function subscribeToPhoneWidth(onChange: () => void): () => void {
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}
const isPhoneWidth = () => window.matchMedia(PHONE_QUERY).matches;
const isPhoneWidthOnServer = () => false;

/** Toasts follow the page's theme (the html.dark class), so they are readable in both. */
export default function SiteToasterBody() {
  const [theme, setTheme] = useState<"light" | "dark">("light");
  const isPhone = useSyncExternalStore(subscribeToPhoneWidth, isPhoneWidth, isPhoneWidthOnServer);
  useEffect(() => {
    const root = document.documentElement;
    const sync = () => setTheme(root.classList.contains("dark") ? "dark" : "light");
    sync();
    const observer = new MutationObserver(sync);
    observer.observe(root, { attributes: true, attributeFilter: ["class"] });
    return () => observer.disconnect();
  }, []);
  // The Toaster's own effect (its subscription) has run before this one: toasts may now be published.
  useEffect(() => toasterIsReady(), []);
  return (
    <Toaster
      theme={theme}
      duration={TOAST_DURATION_MS}
      position={isPhone ? "bottom-center" : "top-center"}
      closeButton
    />
  );
}
