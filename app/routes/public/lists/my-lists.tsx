import { data, Form, Link } from "react-router";
import { MessagePage } from "~/components/layout/message-page";
import { Button } from "~/components/ui/button";
import { INVALID_LINK_TEXT, INVALID_LINK_TITLE, KEY_PAGE_HEADERS } from "~/features/follows/list-page";
import { MailLeagues } from "~/features/follows/mail-leagues";
import {
  addMailLeague,
  mailLeaguesOf,
  removeMailLeague,
} from "~/features/follows/subscription-leagues.server";
import { endLists, listsOfRecipient } from "~/features/follows/subscriptions.server";
import { AppError, appErrorPage, expectAppError, formFailureData, isAppError } from "~/lib/app-error";
import { getDb } from "~/lib/db.server";
import { isUuid } from "~/lib/http.server";
import type { Route } from "./+types/my-lists";

export function meta(): Route.MetaDescriptors {
  return [{ title: "Mina utskick – Quizkväll" }, { name: "robots", content: "noindex" }];
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

/** GET /utskick/:token, "Mina utskick": every list the address behind the key is on. */
export async function loader({ params }: Route.LoaderArgs) {
  const recipient = await listsOfRecipient(getDb(), params.token);
  if (!recipient) throw appErrorPage("invalid-link");
  const leagues = await mailLeaguesOf(getDb(), params.token);
  return data({ ...recipient, leagues }, { headers: KEY_PAGE_HEADERS });
}

/**
 * Ends one list (`list`) or all of them (`intent=all`, which deletes the address); adds or removes a league
 * the weekly NutidsQuiz mail links (`intent=add-league`, `intent=remove-league`).
 */
export async function action({ params, request }: Route.ActionArgs) {
  const unknownList = () => formFailureData(new AppError("bad-request", { message: "Okänt utskick." }));
  const form = await request.formData().catch(() => null);
  if (!form) return unknownList();
  const intent = form.get("intent");
  if (intent === "add-league" || intent === "remove-league") {
    try {
      if (intent === "add-league") {
        const league = await addMailLeague(getDb(), params.token, String(form.get("league") ?? ""));
        return { ok: true as const, ended: null, league: `${league.name} finns nu med i veckans mejl.` };
      }
      const leagueId = String(form.get("leagueId") ?? "");
      if (isUuid(leagueId)) await removeMailLeague(getDb(), params.token, leagueId);
      return { ok: true as const, ended: null, league: "Ligan är borttagen ur mejlet." };
    } catch (error) {
      if (isAppError(error)) return formFailureData(error);
      throw error;
    }
  }
  // Only intent=all ends everything: a post without a list id is refused, not read as "all".
  const listId = form.get("intent") === "all" ? null : (form.get("list") ?? "");
  if (listId !== null && !isUuid(listId)) return unknownList();
  if (!(await endLists(getDb(), params.token, listId))) throw appErrorPage("invalid-link");
  return { ok: true as const, ended: listId === null ? "all" : "one", league: null };
}

export default function MyLists({ loaderData, actionData }: Route.ComponentProps) {
  const { email, lists, leagues } = loaderData;
  return (
    <MessagePage title="Mina utskick">
      <p>
        Det här skickar Quizkväll till <strong>{email}</strong>.
      </p>
      {actionData?.ok === false && actionData.formError ? <p role="alert">{actionData.formError}</p> : null}
      {actionData?.ok && actionData.ended ? <p role="status">Klart, utskicket är avslutat.</p> : null}
      {lists.length ? (
        <ul className="divide-y divide-stone-200 rounded-lg border border-stone-200 dark:divide-stone-700 dark:border-stone-700">
          {lists.map((list) => (
            <li key={list.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
              <span>
                {list.eventPath ? (
                  <Link to={list.eventPath} className="underline">
                    {list.name}
                  </Link>
                ) : (
                  list.name
                )}
                {list.confirmed ? null : (
                  <span className="ml-2 text-sm text-stone-500">(inte bekräftat)</span>
                )}
              </span>
              <Form method="post">
                <input type="hidden" name="list" value={list.id} />
                <Button type="submit" variant="secondary" aria-label={`Avsluta ${list.name}`}>
                  Avsluta
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      ) : (
        <p>Du får inga utskick från oss.</p>
      )}
      {leagues ? (
        <MailLeagues
          leagues={leagues}
          notice={actionData?.ok ? actionData.league : null}
          error={actionData?.ok === false ? (actionData.fieldErrors.league ?? null) : null}
        />
      ) : null}
      {lists.length ? (
        <Form method="post">
          <input type="hidden" name="intent" value="all" />
          <Button type="submit">Avsluta allt och ta bort min adress</Button>
        </Form>
      ) : null}
      <p className="text-sm">
        Läs mer om vad vi sparar under{" "}
        <Link to="/integritet" className="underline">
          Integritet
        </Link>
        .
      </p>
    </MessagePage>
  );
}

/** A key that names nobody (any more); every other error is the site's to answer (root.tsx). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  expectAppError(error, ["invalid-link"]);
  return (
    <MessagePage title={INVALID_LINK_TITLE}>
      <p>{INVALID_LINK_TEXT} Om du har avslutat alla utskick finns adressen inte längre hos oss.</p>
    </MessagePage>
  );
}
