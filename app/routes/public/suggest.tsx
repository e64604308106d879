import { data } from "react-router";
import { MessagePage } from "~/components/layout/message-page";
import { answerSuggestionForm } from "~/features/reports/report-forms.server";
import { SuggestionPageForm } from "~/features/reports/report-page-forms";
import { getDb } from "~/lib/db.server";
import type { Route } from "./+types/suggest";

export function meta(): Route.MetaDescriptors {
  return [{ title: "Föreslå ett quizställe – Quizkväll" }, { name: "robots", content: "noindex" }];
}

export function loader() {
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  const { status, answer } = await answerSuggestionForm(getDb(), request);
  return data(answer, { status });
}

export default function Suggest({ actionData }: Route.ComponentProps) {
  return (
    <MessagePage title="Föreslå ett quizställe">
      <p>Känner du till ett quiz som saknas här? Tipsa oss så lägger vi till det.</p>
      <SuggestionPageForm answer={actionData} />
    </MessagePage>
  );
}
