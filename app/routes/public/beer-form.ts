import { answerBeerForm } from "~/features/beers/beer-form.server";
import { getDb } from "~/lib/db.server";
import { methodNotAllowed } from "~/lib/http.server";
import type { Route } from "./+types/beer-form";

/** The skåla button's no-JS form; with JavaScript it posts JSON to /api/events/:eventId/beer. */
export function action({ request, params }: Route.ActionArgs) {
  return answerBeerForm(getDb(), request, params.eventId);
}

export const loader = methodNotAllowed;
