import { handleAuthRequest } from "~/features/auth/auth-http.server";
import type { Route } from "./+types/auth";

/** better-auth's own endpoints under /api/auth/*, every refusal in Swedish. */
export function loader({ request }: Route.LoaderArgs) {
  return handleAuthRequest(request);
}

export function action({ request }: Route.ActionArgs) {
  return handleAuthRequest(request);
}
