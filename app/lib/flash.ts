import { useState } from "react";
import { useLocation, useRouteLoaderData } from "react-router";

/** Root's data is read once per document, so after the first client navigation this is null. */
export function useFlash(): string | null {
  const data = useRouteLoaderData("root") as { flash?: string | null } | undefined;
  const { key } = useLocation();
  const [firstKey] = useState(key);
  return key === firstKey ? (data?.flash ?? null) : null;
}
