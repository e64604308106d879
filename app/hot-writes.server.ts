import { answerSkala } from "~/features/beers/skala-request.server";
import { answerQuizAnswer } from "~/features/play/answer-request.server";

/**
 * The two busiest visitor writes, as the server calls them for its own Express routes
 * (server/hot-writes.ts): the same functions the routes' actions call (routes/api/beers.ts,
 * routes/api/quiz-plays/answer.ts). Going past React Router's matching and request handling halves their
 * cost under a crowd (decision 059's figures); no route module is called.
 */
export const hotWrites = {
  skala: (request: Request, eventId: string) => answerSkala(request, { eventId }),
  answer: (request: Request, playId: string) => answerQuizAnswer(request, { playId }),
};

export type HotWrites = typeof hotWrites;
