import { redirect } from "react-router";
import { KEY_PAGE_HEADERS } from "~/features/follows/list-page";
import { unsubscribe } from "~/features/follows/subscriptions.server";
import { getDb } from "~/lib/db.server";
import type { Route } from "./+types/unsubscribe-link";

const UNSUBSCRIBED = "Du är avregistrerad. Vi skickar inga fler sådana mejl till dig.";

export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/utskick/avsluta/${encodeURIComponent(params.token)}/bekrafta`, {
    headers: KEY_PAGE_HEADERS,
  });
}

/** RFC 8058 one-click unsubscribe: a POST from anywhere, without cookies. */
export async function action({ params }: Route.ActionArgs) {
  await unsubscribe(getDb(), params.token);
  return Response.json({ done: true, message: UNSUBSCRIBED }, { headers: KEY_PAGE_HEADERS });
}
