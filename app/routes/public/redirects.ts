import { redirect } from "react-router";
import { redirectTarget } from "~/features/seo/redirects";
import { appErrorJson } from "~/lib/app-error";
import type { Route } from "./+types/redirects";

/** Old and short addresses: a permanent redirect that keeps the query string. */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const target = redirectTarget(url.pathname);
  if (!target) throw appErrorJson("not-found");
  return redirect(`${target}${url.search}`, 301);
}
