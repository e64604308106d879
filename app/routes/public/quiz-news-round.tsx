import { isRouteErrorResponse, useRouteError } from "react-router";
import { AccessDeniedContent } from "~/components/layout/access-denied-content";
import { requireAnyHost } from "~/features/hosts/host-access.server";
import { findNewsRound } from "~/features/quizzes/news-round.server";
import { NewsRoundView } from "~/features/quizzes/news-round-view";
import { AppError, appErrorPage } from "~/lib/app-error";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import type { Route } from "./+types/quiz-news-round";

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  return [
    { title: `Veckans nyhetsrunda${loaderData ? ` – ${loaderData.round.title}` : ""} – Quizkväll` },
    { name: "robots", content: "noindex, nofollow" },
  ];
}

/** /veckans-nutidsquiz/:titleSlug/runda: the week's NutidsQuiz with its answers, for hosts and admins only. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAnyHost(request);
  const round = await findNewsRound(getDb(), params.titleSlug, requestNow(request));
  if (!round) throw appErrorPage(new AppError("not-found", { message: "Nyhetsrundan finns inte." }));
  return { round };
}

export default function QuizNewsRound({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 print:max-w-none print:p-0">
      <NewsRoundView round={loaderData.round} />
    </div>
  );
}

/** A visitor signed in without hosting anything is told why, and where hosts sign in. */
export function ErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error) || error.status !== 403) throw error;
  return (
    <>
      <title>Åtkomst nekad – Quizkväll</title>
      <meta name="robots" content="noindex" />
      <AccessDeniedContent
        reason="Veckans nyhetsrunda med svaren är till för quizvärdar. Spela quizet själv i stället!"
        to="/veckans-nutidsquiz"
        action="Till veckans NutidsQuiz"
      />
    </>
  );
}
