import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { ListPage } from "~/features/follows/list-page";
import { listOfUnsubscribeToken, unsubscribe } from "~/features/follows/subscriptions.server";
import { getDb } from "~/lib/db.server";
import type { Route } from "./+types/unsubscribe";

export function meta(): Route.MetaDescriptors {
  return [{ title: "Avsluta utskick – Quizkväll" }, { name: "robots", content: "noindex" }];
}

/** GET /utskick/avsluta/:token: what the link ends, and a button (opening a link must not unsubscribe). */
export async function loader({ params }: Route.LoaderArgs) {
  return { list: await listOfUnsubscribeToken(getDb(), params.token) };
}

/**
 * POST /utskick/avsluta/:token ends the list at once: the page's button, or a mail client's one-click
 * unsubscribe (RFC 8058, body `List-Unsubscribe=One-Click`, sent from anywhere without cookies). An unknown
 * or used link is answered the same: unsubscribing twice is harmless.
 */
export async function action({ params }: Route.ActionArgs) {
  await unsubscribe(getDb(), params.token);
  return { done: true };
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData?.done || !loaderData.list) {
    return (
      <ListPage title="Du är avregistrerad">
        <p>Vi skickar inga fler sådana mejl till dig. Adressen är borttagen från listan.</p>
      </ListPage>
    );
  }
  const { list } = loaderData;
  return (
    <ListPage title="Avsluta utskick">
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
    </ListPage>
  );
}
