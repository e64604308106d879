import { isRouteErrorResponse } from "react-router";

/** The 404 a loader throws for a city we do not list. */
export const CITY_NOT_FOUND = { reason: "city" } as const;

export function isCityNotFound(error: unknown): boolean {
  return isRouteErrorResponse(error) && error.status === 404 && error.data?.reason === "city";
}
