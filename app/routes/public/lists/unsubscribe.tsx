import { data, Form, Link } from "react-router";
import { MessagePage } from "~/components/layout/message-page";
import { Button } from "~/components/ui/button";
import { INVALID_LINK_TEXT, INVALID_LINK_TITLE, KEY_PAGE_HEADERS } from "~/features/follows/list-page";
import { listOfUnsubscribeToken, unsubscribe } from "~/features/follows/subscriptions.server";
import { getDb } from "~/lib/db.server";
import type { Route } from "./+types/unsubscribe";

export function meta(): Route.MetaDescriptors {
  return [{ title: "Avsluta utskick – Quizkväll" }, { name: "robots", content: "noindex" }];
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

/** Says what the link ends and asks for a button press: opening a link must not unsubscribe. */
export async function loader({ params }: Route.LoaderArgs) {
  const list = await listOfUnsubscribeToken(getDb(), params.token);
  return data({ list }, { status: list ? 200 : 404, headers: KEY_PAGE_HEADERS });
}

/** The page's button: ends the list at once. Unsubscribing twice is harmless. */
export async function action({ params }: Route.ActionArgs) {
  await unsubscribe(getDb(), params.token);
  // The action's status is the page's: 200 even though the loader, run after it, no longer finds the key.
  return data({ done: true }, { status: 200, headers: KEY_PAGE_HEADERS });
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData?.done) {
    return (
      <MessagePage title="Du är avregistrerad">
        <p>Vi skickar inga fler sådana mejl till dig. Adressen är borttagen från listan.</p>
      </MessagePage>
    );
  }
  if (!loaderData.list) {
    return (
      <MessagePage title={INVALID_LINK_TITLE}>
        <p>{INVALID_LINK_TEXT}</p>
      </MessagePage>
    );
  }
  const { list } = loaderData;
  return (
    <MessagePage title="Avsluta utskick">
      <p>Vill du sluta få {list.name}?</p>
      <Form method="post">
        <input type="hidden" name="List-Unsubscribe" value="One-Click" />
        <Button type="submit">Avsluta</Button>
      </Form>
      <p className="text-sm">
        Allt vi skickar till dig:{" "}
        <Link to={`/utskick/${list.manageToken}`} className="font-medium underline">
          Mina utskick
        </Link>
      </p>
    </MessagePage>
  );
}
