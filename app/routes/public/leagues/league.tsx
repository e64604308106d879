import { data } from "react-router";
import { answerLeagueForm } from "~/features/leagues/league-actions.server";
import { loadLeaguePage } from "~/features/leagues/league-page.server";
import { LeagueView } from "~/features/leagues/league-view";
import { AppError, appErrorPage, formFailureData } from "~/lib/app-error";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { CROSS_SITE_MESSAGE, isSameOriginRequest } from "~/lib/origin";
import { siteOrigin } from "~/lib/site-origin.server";
import type { Route } from "./+types/league";

const PRIVATE = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  return [
    { title: `${loaderData?.page.league.name ?? "Kompisliga"} – Kompisliga – Quizkväll` },
    { name: "robots", content: "noindex" },
  ];
}

export function headers() {
  return PRIVATE;
}

/** /veckans-nutidsquiz/liga/:code: a league's tables, for anyone with its link; members see their own forms. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const page = await loadLeaguePage(getDb(), request, params.code, requestNow(request));
  if (!page) throw appErrorPage(new AppError("not-found", { message: "Ligan finns inte." }));
  return data(
    { page, joinLink: `${siteOrigin()}/veckans-nutidsquiz/liga/${page.league.code}` },
    { headers: PRIVATE },
  );
}

export async function action({ request, params }: Route.ActionArgs) {
  if (!isSameOriginRequest(request, getEnv()))
    return formFailureData(new AppError("forbidden", { message: CROSS_SITE_MESSAGE }), { values: {} });
  const form = await request.formData().catch(() => null);
  if (!form) return formFailureData(new AppError("bad-request"), { values: {} });
  return answerLeagueForm(getDb(), request, params.code, form);
}

export default function LeaguePage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <LeagueView
      page={loaderData.page}
      joinLink={loaderData.joinLink}
      failure={actionData && !actionData.ok ? actionData : null}
    />
  );
}
