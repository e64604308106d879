import { answerSkala } from "~/features/beers/skala-request.server";
import { methodNotAllowed } from "~/lib/http.server";
import type { Route } from "./+types/beers";

/** POST /api/events/:eventId/beer: the skåla (features/beers/skala-request.server.ts). */
export function action({ request, params }: Route.ActionArgs) {
  return answerSkala(request, params);
}

export const loader = methodNotAllowed;
