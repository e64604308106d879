import { data, Link } from "react-router";
import { MessagePage } from "~/components/layout/message-page";
import { answerListSignupForm } from "~/features/follows/list-request.server";
import { ListSignupForm } from "~/features/follows/public-signup";
import { AppError, formFailureData } from "~/lib/app-error";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { CROSS_SITE_MESSAGE, isSameOriginRequest } from "~/lib/origin";
import type { Route } from "./+types/new";

export function meta(): Route.MetaDescriptors {
  return [{ title: "Utskick – Quizkväll" }, { name: "robots", content: "noindex" }];
}

/**
 * /utskick/ny: where "Påminn mig" and "Få veckans NutidsQuiz" post. With JavaScript the forms read the
 * answer in place; without it the browser shows this page: the thanks, or the form again with its error.
 * Opened directly it offers the NutidsQuiz.
 */
export function loader() {
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  // A refusal is an answer, not a thrown error: the form that posted shows it in place.
  const refuse = (error: AppError) => formFailureData(error, { values: { email: "" }, target: null });
  if (!isSameOriginRequest(request, getEnv()))
    return refuse(new AppError("forbidden", { message: CROSS_SITE_MESSAGE }));
  const form = await request.formData().catch(() => null);
  if (!form) return refuse(new AppError("bad-request", { message: "Okänt utskick." }));
  const { status, answer } = await answerListSignupForm(getDb(), request, form, requestNow(request));
  return data(answer, { status });
}

export default function NewList({ actionData }: Route.ComponentProps) {
  const target = actionData?.target ?? { topic: "nutidsquiz" as const };
  if (actionData?.ok === false && !actionData.target && actionData.formError) {
    return (
      <MessagePage title="Det gick inte">
        <p role="alert">{actionData.formError}</p>
      </MessagePage>
    );
  }
  const back =
    target.topic === "event"
      ? { to: target.path, label: `Tillbaka till ${target.title}` }
      : { to: "/veckans-nutidsquiz", label: "Till veckans NutidsQuiz" };
  return (
    <MessagePage title={target.topic === "event" ? `Påminn mig om ${target.title}` : "Få veckans NutidsQuiz"}>
      <ListSignupForm
        target={
          target.topic === "event" ? { kind: "event", eventId: target.eventId } : { kind: "nutidsquiz" }
        }
        answer={actionData}
      />
      <p>
        <Link to={back.to} className="font-medium underline">
          {back.label}
        </Link>
      </p>
    </MessagePage>
  );
}
