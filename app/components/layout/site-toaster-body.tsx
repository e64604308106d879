import { useEffect, useState } from "react";
import { Toaster } from "sonner";
import { toasterIsReady } from "~/components/ui/toast";

const TOAST_DURATION_MS = 3000;

/** Toasts follow the page's theme (the html.dark class), so they are readable in both. */
export default function SiteToasterBody() {
  const [theme, setTheme] = useState<"light" | "dark">("light");
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
  return <Toaster theme={theme} duration={TOAST_DURATION_MS} position="top-center" closeButton />;
}
