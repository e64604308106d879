import { data, Form, type ShouldRevalidateFunctionArgs, useNavigation } from "react-router";
import { MessagePage } from "~/components/layout/message-page";
import { Button } from "~/components/ui/button";
import { FRESHNESS_LINK_TTL_DAYS } from "~/features/confirmations/freshness";
import { answerFreshnessLink, readFreshnessLink } from "~/features/confirmations/freshness.server";
import { KEY_PAGE_HEADERS } from "~/features/follows/list-page";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import type { Route } from "./+types/freshness-link";

export function meta(): Route.MetaDescriptors {
  return [{ title: "Stämmer ert quiz fortfarande? – Quizkväll" }, { name: "robots", content: "noindex" }];
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return actionHeaders ?? loaderHeaders;
}

type Refusal = "invalid" | "expired" | "used" | "gone";

/** After the button's POST the page shows its outcome: reading the link again would only find it used. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod === "POST" ? false : defaultShouldRevalidate;
}

export async function loader({ params, request }: Route.LoaderArgs) {
  const state = await readFreshnessLink(getDb(), params.token, requestNow(request));
  if (state.status !== "ready")
    return data({ refused: state.status as Refusal }, { status: 410, headers: KEY_PAGE_HEADERS });
  return data({ purpose: state.link.purpose, event: state.event }, { headers: KEY_PAGE_HEADERS });
}

export async function action({ params, request }: Route.ActionArgs) {
  const outcome = await answerFreshnessLink(getDb(), params.token, requestNow(request));
  if (outcome.status === "confirmed" || outcome.status === "ended")
    return data({ done: outcome.status, event: outcome.event }, { headers: KEY_PAGE_HEADERS });
  return data({ refused: outcome.status as Refusal }, { status: 410, headers: KEY_PAGE_HEADERS });
}

function Refused({ reason }: { reason: Refusal }) {
  switch (reason) {
    case "expired":
      return (
        <MessagePage title="Länken har gått ut">
          <p>
            Länkarna i mejlet gäller i {FRESHNESS_LINK_TTL_DAYS} dagar. Logga in som quizvärd för att bekräfta
            eller ändra ert quiz.
          </p>
        </MessagePage>
      );
    case "used":
      return (
        <MessagePage title="Länken är redan använd">
          <p>Frågan i mejlet är redan besvarad, eller så har quizet bekräftats sedan dess. Tack!</p>
        </MessagePage>
      );
    case "gone":
      return (
        <MessagePage title="Quizet finns inte längre">
          <p>Quizet har tagits bort från Quizkväll.</p>
        </MessagePage>
      );
    default:
      return (
        <MessagePage title="Länken fungerar inte">
          <p>Länken är ogiltig. Kontrollera att du öppnade hela länken från mejlet.</p>
        </MessagePage>
      );
  }
}

export default function FreshnessLink({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  if (actionData && "refused" in actionData) return <Refused reason={actionData.refused} />;
  if (actionData && "done" in actionData) {
    return actionData.done === "confirmed" ? (
      <MessagePage title="Tack, nu är det bekräftat">
        <p>
          <a href={actionData.event.pageUrl} className="font-medium underline">
            {actionData.event.title}
          </a>{" "}
          visas som bekräftat i dag. Vi frågar igen om två månader.
        </p>
      </MessagePage>
    ) : (
      <MessagePage title="Tack för att du sa till">
        <p>{actionData.event.title} visas inte längre i listorna. En administratör går igenom det.</p>
      </MessagePage>
    );
  }
  if ("refused" in loaderData) return <Refused reason={loaderData.refused} />;
  const { purpose, event } = loaderData;
  return purpose === "confirm" ? (
    <MessagePage title="Stämmer ert quiz fortfarande?">
      <p>
        Bekräfta att uppgifterna om{" "}
        <a href={event.pageUrl} className="font-medium underline">
          {event.title}
        </a>{" "}
        stämmer.
      </p>
      <Form method="post">
        <Button type="submit" disabled={busy}>
          Ja, det stämmer
        </Button>
      </Form>
    </MessagePage>
  ) : (
    <MessagePage title="Har quizet upphört?">
      <p>
        Om{" "}
        <a href={event.pageUrl} className="font-medium underline">
          {event.title}
        </a>{" "}
        inte finns kvar tar vi bort det från listorna. En administratör tittar på det innan quizet tas bort
        helt.
      </p>
      <Form method="post">
        <Button type="submit" variant="destructive" disabled={busy}>
          Quizet har upphört
        </Button>
      </Form>
    </MessagePage>
  );
}
