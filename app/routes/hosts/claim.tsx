import { Link } from "react-router";
import { MessagePage } from "~/components/layout/message-page";
import {
  CLAIM_APPROVED_MESSAGE,
  CLAIM_LIMITED_MESSAGE,
  CLAIM_RECEIVED_MESSAGE,
  readClaimForm,
  submittedClaimValues,
} from "~/features/hosts/claim-rules";
import { findClaimedEvent, submitClaim } from "~/features/hosts/claims.server";
import { ClaimForm } from "~/features/hosts/components/claim-form";
import { AppError, appErrorPage, formFailureData } from "~/lib/app-error";
import { cityByName } from "~/lib/cities";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { fieldErrorsOf } from "~/lib/form-errors";
import { uuidParam } from "~/lib/http.server";
import { CROSS_SITE_MESSAGE, isSameOriginRequest } from "~/lib/origin";
import { clientIp } from "~/lib/rate-limit.server";
import type { Route } from "./+types/claim";

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  return [
    { title: `Är det här ditt quiz? ${loaderData?.event.title ?? ""} – Quizkväll` },
    { name: "robots", content: "noindex" },
  ];
}

const NO_EVENT = "Eventet finns inte";

async function eventOf(params: { eventId?: string }) {
  const id = uuidParam(params.eventId);
  const event = id ? await findClaimedEvent(getDb(), id) : null;
  if (!event) throw appErrorPage(new AppError("not-found", { message: NO_EVENT }));
  return event;
}

/** /quizvard/ansok/:eventId: the claim form of one event, linked as "Är det här ditt quiz?" from its page. */
export async function loader({ params }: Route.LoaderArgs) {
  const event = await eventOf(params);
  return { event: { ...event, path: `/quiz/${cityByName(event.city)?.slug ?? ""}/${event.slug}` } };
}

export async function action({ request, params }: Route.ActionArgs) {
  const event = await eventOf(params);
  const form = await request.formData().catch(() => new FormData());
  const values = submittedClaimValues(form);
  const refuse = (error: AppError) => formFailureData(error, { values });
  if (!isSameOriginRequest(request, getEnv()))
    return refuse(new AppError("forbidden", { message: CROSS_SITE_MESSAGE }));
  const parsed = readClaimForm(form);
  if (!parsed.success)
    return refuse(new AppError("bad-request", { fieldErrors: fieldErrorsOf(parsed.error) }));
  const outcome = await submitClaim(
    getDb(),
    { eventId: event.id, claim: parsed.data, clientIp: clientIp(request) },
    { now: requestNow(request), publicUrl: getEnv().publicUrl },
  );
  switch (outcome.status) {
    case "unknown-event":
      return refuse(new AppError("not-found", { message: NO_EVENT }));
    case "limited": {
      const { retryAfterSeconds } = outcome;
      return refuse(new AppError("rate-limited", { message: CLAIM_LIMITED_MESSAGE, retryAfterSeconds }));
    }
    case "approved":
      return { ok: true as const, message: CLAIM_APPROVED_MESSAGE };
    default:
      return { ok: true as const, message: CLAIM_RECEIVED_MESSAGE };
  }
}

export default function Claim({ loaderData, actionData }: Route.ComponentProps) {
  const { event } = loaderData;
  return (
    <MessagePage title="Är det här ditt quiz?">
      <p>
        Driver du eller leder du <strong>{event.title}</strong>? Som quizvärd kan du själv hålla uppgifterna
        aktuella: tider, beskrivning, bild, kontaktuppgifter och inställda kvällar.
      </p>
      <ClaimForm answer={actionData} />
      <p>
        <Link to={event.path} className="font-medium underline">
          Tillbaka till {event.title}
        </Link>
      </p>
    </MessagePage>
  );
}
