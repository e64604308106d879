import { answerQuizAnswer } from "~/features/play/answer-request.server";
import { methodNotAllowed } from "~/lib/http.server";
import type { Route } from "./+types/answer";

/** POST /api/quiz-plays/:playId/answers: one answer (features/play/answer-request.server.ts). */
export function action({ request, params }: Route.ActionArgs) {
  return answerQuizAnswer(request, params);
}

export const loader = methodNotAllowed;
