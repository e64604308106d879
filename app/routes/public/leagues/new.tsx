import { Link } from "react-router";
import { answerCreateLeague } from "~/features/leagues/league-actions.server";
import { CreateLeagueForm } from "~/features/leagues/league-forms";
import { AppError, formFailureData } from "~/lib/app-error";
import { getDb } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { CROSS_SITE_MESSAGE, isSameOriginRequest } from "~/lib/origin";
import type { Route } from "./+types/new";

export function meta(): Route.MetaDescriptors {
  return [
    { title: "Kompisligor – NutidsQuiz – Quizkväll" },
    {
      name: "description",
      content: "Spela veckans NutidsQuiz mot vänner, familj eller kollegor i en egen liga.",
    },
  ];
}

/** /veckans-nutidsquiz/liga: what a league is, and "Skapa liga". */
export function loader() {
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  if (!isSameOriginRequest(request, getEnv()))
    return formFailureData(new AppError("forbidden", { message: CROSS_SITE_MESSAGE }), { values: {} });
  const form = await request.formData().catch(() => null);
  if (!form) return formFailureData(new AppError("bad-request"), { values: {} });
  return answerCreateLeague(getDb(), request, form);
}

export default function NewLeague({ actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Kompisligor</h1>
      <p className="mt-3">
        Spela veckans NutidsQuiz mot vänner, familj eller kollegor. Varje vecka räknas allas första spel:
        flest rätt vinner, och på lika poäng den som var snabbast. Säsongen är de 10 bästa veckorna av de
        senaste 12.
      </p>
      <p className="mt-2 text-sm text-stone-600 dark:text-stone-400">
        Inget konto behövs: du är med i den här webbläsaren under ett smeknamn. Högst 50 medlemmar per liga.
      </p>
      <section
        aria-labelledby="create-heading"
        className="mt-6 rounded-xl border border-stone-200 p-4 dark:border-stone-700"
      >
        <h2 id="create-heading" className="mb-3 text-xl font-semibold">
          Skapa en liga
        </h2>
        <CreateLeagueForm failure={actionData && !actionData.ok ? actionData : null} />
      </section>
      <p className="mt-6">
        <Link to="/veckans-nutidsquiz" className="font-medium underline">
          Till veckans NutidsQuiz
        </Link>
      </p>
    </div>
  );
}
