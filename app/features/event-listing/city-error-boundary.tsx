import { useRouteError } from "react-router";
import { deferred } from "~/components/ui/deferred";
import { expectAppError } from "~/lib/app-error";

/** 'Stad inte hittad': its code loads only when it shows. */
const CityNotFound = deferred(() => import("./city-not-found").then((m) => m.CityNotFound), {
  whenRendered: true,
});

/** The city pages' boundary: an unknown city; every other error is the site's to answer (root.tsx). */
export function CityErrorBoundary() {
  expectAppError(useRouteError(), ["city-not-found"]);
  return <CityNotFound />;
}
