import { data, Form, type ShouldRevalidateFunctionArgs, useNavigation } from "react-router";
import { MessagePage } from "~/components/layout/message-page";
import { Button } from "~/components/ui/button";
import { TONIGHT_SUBJECT, TONIGHT_TEXTS } from "~/features/confirmations/tonight";
import { answerTonightLink, readTonightLink } from "~/features/confirmations/tonight.server";
import { exceptionSchema, NOTE_MAX } from "~/features/event-nights/public";
import { KEY_PAGE_HEADERS } from "~/features/follows/list-page";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import type { Route } from "./+types/tonight-link";

export function meta(): Route.MetaDescriptors {
  return [{ title: `${TONIGHT_SUBJECT} – Quizkväll` }, { name: "robots", content: "noindex" }];
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return actionHeaders ?? loaderHeaders;
}

/** After the button's POST the page shows its outcome: reading the link again would only find it done. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod === "POST" ? false : defaultShouldRevalidate;
}

type Refusal = "invalid" | "expired" | "not-host" | "gone" | "no-night" | "failed";

const REFUSALS: Record<Refusal, string> = {
  invalid: `${TONIGHT_TEXTS.invalid} Kontrollera att du öppnade hela länken från mejlet.`,
  expired: `${TONIGHT_TEXTS.expired} Länkarna gäller bara på quizdagen. Logga in som quizvärd för att ändra ert quiz.`,
  "not-host": TONIGHT_TEXTS.notHost,
  gone: TONIGHT_TEXTS.gone,
  "no-night": TONIGHT_TEXTS.noNight,
  failed: "Kvällen kunde inte ställas in. Logga in som quizvärd och ställ in den där.",
};

export async function loader({ params, request }: Route.LoaderArgs) {
  const state = await readTonightLink(getDb(), params.token, requestNow(request));
  if (!("link" in state))
    return data({ refused: state.status as Refusal }, { status: 410, headers: KEY_PAGE_HEADERS });
  return data(
    { status: state.status, answer: state.link.answer, event: state.event },
    { headers: KEY_PAGE_HEADERS },
  );
}

export async function action({ params, request }: Route.ActionArgs) {
  const form = await request.formData().catch(() => new FormData());
  const rawNote = form.get("note");
  const parsed = exceptionSchema.safeParse({
    kind: "cancelled",
    date: "2000-01-01",
    note: typeof rawNote === "string" ? rawNote : undefined,
  });
  if (!parsed.success)
    return data(
      { noteError: parsed.error.issues[0]?.message ?? "Ogiltigt meddelande" },
      { status: 400, headers: KEY_PAGE_HEADERS },
    );
  const outcome = await answerTonightLink(getDb(), params.token, parsed.data.note, requestNow(request));
  if ("event" in outcome)
    return data({ done: outcome.status, event: outcome.event }, { headers: KEY_PAGE_HEADERS });
  return data({ refused: outcome.status as Refusal }, { status: 410, headers: KEY_PAGE_HEADERS });
}

function EventLink({ event }: { event: { title: string; pageUrl: string } }) {
  return (
    <a href={event.pageUrl} className="font-medium underline">
      {event.title}
    </a>
  );
}

const DONE: Record<string, string> = {
  confirmed: TONIGHT_TEXTS.confirmed,
  cancelled: TONIGHT_TEXTS.cancelled,
  "refused-cancelled": TONIGHT_TEXTS.alreadyCancelled,
};

export default function TonightLink({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  if (actionData && "refused" in actionData)
    return <MessagePage title={TONIGHT_SUBJECT}>{<p>{REFUSALS[actionData.refused]}</p>}</MessagePage>;
  if ("refused" in loaderData)
    return (
      <MessagePage title={loaderData.refused === "expired" ? TONIGHT_TEXTS.expired : TONIGHT_SUBJECT}>
        <p>{REFUSALS[loaderData.refused]}</p>
      </MessagePage>
    );
  const { answer, event } = loaderData;
  if (actionData && "done" in actionData) {
    const already = answer === "yes" ? TONIGHT_TEXTS.alreadyConfirmed : TONIGHT_TEXTS.alreadyCancelled;
    return (
      <MessagePage title={actionData.done === "already" ? already : (DONE[actionData.done] ?? already)}>
        <p>
          <EventLink event={actionData.event} />
        </p>
      </MessagePage>
    );
  }
  if (loaderData.status === "already")
    return (
      <MessagePage title={answer === "yes" ? TONIGHT_TEXTS.alreadyConfirmed : TONIGHT_TEXTS.alreadyCancelled}>
        <p>
          <EventLink event={event} />
        </p>
      </MessagePage>
    );
  if (loaderData.status === "cancelled")
    return (
      <MessagePage title={TONIGHT_TEXTS.alreadyCancelled}>
        <p>
          <EventLink event={event} /> är inställt ikväll. Logga in som quizvärd om kvällen blir av ändå.
        </p>
      </MessagePage>
    );
  const noteError = actionData && "noteError" in actionData ? actionData.noteError : null;
  return (
    <MessagePage title={TONIGHT_SUBJECT}>
      <p>
        <EventLink event={event} /> ikväll {event.time}.
      </p>
      {answer === "yes" ? (
        <Form method="post">
          <Button type="submit" disabled={busy}>
            {TONIGHT_TEXTS.yes}
          </Button>
        </Form>
      ) : (
        <Form method="post" className="space-y-3">
          <div className="space-y-1">
            <label htmlFor="note" className="block text-sm font-medium">
              Meddelande till besökarna (valfritt)
            </label>
            <input
              id="note"
              name="note"
              maxLength={NOTE_MAX}
              aria-invalid={noteError ? true : undefined}
              aria-describedby={noteError ? "note-error" : undefined}
              className="w-full rounded-lg border border-stone-300 bg-white px-3 py-2 dark:border-stone-700 dark:bg-stone-900"
            />
            {noteError ? (
              <p id="note-error" className="text-sm text-red-700 dark:text-red-300">
                {noteError}
              </p>
            ) : null}
          </div>
          <Button type="submit" variant="destructive" disabled={busy}>
            {TONIGHT_TEXTS.no}
          </Button>
        </Form>
      )}
    </MessagePage>
  );
}
