import { data, Form, Link, useNavigation } from "react-router";
import { MessagePage } from "~/components/layout/message-page";
import { answerOrFailure } from "~/features/reports/page-form-answer";
import { ReportForm } from "~/features/reports/report-forms";
import { answerReportForm, NO_EVENT_MESSAGE } from "~/features/reports/report-forms.server";
import { findReportedEvent } from "~/features/reports/reports.server";
import { AppError, appErrorPage } from "~/lib/app-error";
import { cityBySlug } from "~/lib/cities";
import { getDb } from "~/lib/db.server";
import type { Route } from "./+types/report";

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  return [
    { title: `Rapportera problem: ${loaderData?.event.title ?? ""} – Quizkväll` },
    { name: "robots", content: "noindex" },
  ];
}

async function eventOf(params: { city?: string; slug?: string }) {
  const city = cityBySlug(params.city ?? "");
  const event = city ? await findReportedEvent(getDb(), city.name, params.slug ?? "") : null;
  // A dialog whose event went meanwhile tells this in its toast (the client action).
  if (!city || !event) throw appErrorPage(new AppError("not-found", { message: NO_EVENT_MESSAGE }));
  return { ...event, path: `/quiz/${city.slug}/${params.slug}` };
}

/**
 * /quiz/{city}/{slug}/rapportera: the 'Rapportera problem' form of one event as a page, where the dialog's
 * trigger leads without JavaScript.
 */
export async function loader({ params }: Route.LoaderArgs) {
  return { event: await eventOf(params) };
}

export async function action({ request, params }: Route.ActionArgs) {
  const event = await eventOf(params);
  const { status, answer } = await answerReportForm(getDb(), request, event.id);
  return data(answer, { status });
}

export function clientAction({ serverAction }: Route.ClientActionArgs) {
  return answerOrFailure(serverAction, "Ett oväntat fel inträffade");
}

export default function Report({ loaderData, actionData }: Route.ComponentProps) {
  const { event } = loaderData;
  const isBusy = useNavigation().state === "submitting";
  return (
    <MessagePage title="Rapportera problem">
      <p>
        Rapporterar för:{" "}
        <strong className="font-semibold text-stone-900 dark:text-stone-100">{event.title}</strong>
      </p>
      <ReportForm eventId={event.id} as={Form} answer={actionData} isBusy={isBusy} inDialog={false} />
      <p>
        <Link to={event.path} className="font-medium underline">
          Tillbaka till {event.title}
        </Link>
      </p>
    </MessagePage>
  );
}
