import { useState } from "react";
import { useLocation, useRouteLoaderData } from "react-router";

/**
 * The notice a plain form post left for the page it returned to (lib/flash.server.ts), as the feature's
 * code; null when there is none. Root's data is read once per document, so after the first navigation
 * in the browser the notice belongs to a page that is no longer shown: it is then null.
 */
export function useFlash(): string | null {
  const data = useRouteLoaderData("root") as { flash?: string | null } | undefined;
  const { key } = useLocation();
  const [firstKey] = useState(key);
  return key === firstKey ? (data?.flash ?? null) : null;
}
