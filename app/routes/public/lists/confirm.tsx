import { data, Form, Link } from "react-router";
import { MessagePage } from "~/components/layout/message-page";
import { Button } from "~/components/ui/button";
import { INVALID_LINK_TEXT, INVALID_LINK_TITLE, KEY_PAGE_HEADERS } from "~/features/follows/list-page";
import { confirmList, listOfConfirmToken } from "~/features/follows/subscriptions.server";
import { appErrorPage, expectAppError } from "~/lib/app-error";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import type { Route } from "./+types/confirm";

export function meta(): Route.MetaDescriptors {
  return [{ title: "Bekräfta utskick – Quizkväll" }, { name: "robots", content: "noindex" }];
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

/**
 * GET /utskick/bekrafta/:token shows what the link confirms and a button; the POST confirms. Opening the
 * link alone changes nothing, so a mail scanner that follows links cannot confirm for anyone.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const list = await listOfConfirmToken(getDb(), params.token, requestNow(request));
  if (!("name" in list)) throw linkRefused(list.status);
  return data(list, { headers: KEY_PAGE_HEADERS });
}

export async function action({ params, request }: Route.ActionArgs) {
  const outcome = await confirmList(getDb(), params.token, requestNow(request));
  if (!("name" in outcome)) throw linkRefused(outcome.status);
  return outcome;
}

const linkRefused = (status: "invalid" | "expired") =>
  appErrorPage(status === "expired" ? "expired-link" : "invalid-link");

export default function ConfirmList({ loaderData, actionData }: Route.ComponentProps) {
  const done = actionData ?? (loaderData.status === "already-confirmed" ? loaderData : null);
  if (done) {
    return (
      <MessagePage title="Tack, nu är det bekräftat">
        <p>Du får {done.name}.</p>
        <p>
          Varje mejl har en länk för att avsluta. Allt vi skickar till dig ser du under{" "}
          <Link to={`/utskick/${done.manageToken}`} className="font-medium underline">
            Mina utskick
          </Link>
          .
        </p>
      </MessagePage>
    );
  }
  return (
    <MessagePage title="Bekräfta dina utskick">
      <p>Du har bett om {loaderData.name}.</p>
      <Form method="post">
        <Button type="submit">Bekräfta</Button>
      </Form>
    </MessagePage>
  );
}

/** A link that has expired or names nothing; every other error is the site's to answer (root.tsx). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return expectAppError(error, ["invalid-link", "expired-link"]) === "expired-link" ? (
    <MessagePage title="Länken har gått ut">
      <p>Bekräftelselänken gäller i 7 dagar. Be om påminnelserna igen, så får du en ny länk.</p>
    </MessagePage>
  ) : (
    <MessagePage title={INVALID_LINK_TITLE}>
      <p>{INVALID_LINK_TEXT}</p>
    </MessagePage>
  );
}
