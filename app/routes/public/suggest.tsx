import { data } from "react-router";
import { ListPage } from "~/features/follows/list-page";
import { UNREACHED_ANSWER } from "~/features/reports/page-form-answer";
import { answerSuggestionForm } from "~/features/reports/report-forms.server";
import { SuggestionForm } from "~/features/reports/suggestion-form";
import { getDb } from "~/lib/db.server";
import type { Route } from "./+types/suggest";

export function meta(): Route.MetaDescriptors {
  return [{ title: "Föreslå ett quizställe – Quizkväll" }, { name: "robots", content: "noindex" }];
}

/**
 * /foresla-quiz: the 'Saknar du ett quiz?' form as a page, where home's button leads without JavaScript.
 * Its action also takes the dialog's posts (a fetcher, from home).
 */
export function loader() {
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  const { status, answer } = await answerSuggestionForm(getDb(), request);
  return data(answer, { status });
}

/** A post the server never answered (the network, an outage) is a refusal the form shows, not an error page. */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return serverAction().catch(() => UNREACHED_ANSWER);
}

export default function Suggest({ actionData }: Route.ComponentProps) {
  return (
    <ListPage title="Föreslå ett quizställe">
      <p>Känner du till ett quiz som saknas här? Tipsa oss så lägger vi till det.</p>
      <SuggestionForm answer={actionData} />
    </ListPage>
  );
}
