import { data, Form, useNavigation } from "react-router";
import { MessagePage } from "~/components/layout/message-page";
import { answerOrFailure } from "~/features/reports/page-form-answer";
import { SuggestionForm } from "~/features/reports/report-forms";
import { answerSuggestionForm } from "~/features/reports/report-forms.server";
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

export function clientAction({ serverAction }: Route.ClientActionArgs) {
  return answerOrFailure(serverAction, "Kunde inte skicka förslaget. Försök igen senare.");
}

export default function Suggest({ actionData }: Route.ComponentProps) {
  const isBusy = useNavigation().state === "submitting";
  return (
    <MessagePage title="Föreslå ett quizställe">
      <p>Känner du till ett quiz som saknas här? Tipsa oss så lägger vi till det.</p>
      <SuggestionForm as={Form} answer={actionData} isBusy={isBusy} inDialog={false} />
    </MessagePage>
  );
}
