import { CheckCircle2 } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { Button, buttonClasses } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { getViewer } from "~/features/auth/guard.server";
import { useSignOut } from "~/features/auth/use-sign-out";
import { lastConfirmedLabel } from "~/features/confirmations/confirmations";
import { confirmEventByHost } from "~/features/confirmations/public.server";
import {
  HOST_SIGN_IN_ADDRESS_LIMIT,
  HOST_SIGN_IN_LIMITED_MESSAGE,
  readSignInForm,
  SIGN_IN_LINK_SENT_MESSAGE,
} from "~/features/hosts/claim-rules";
import { HostSignInForm } from "~/features/hosts/components/host-sign-in-form";
import { MorningMailForm } from "~/features/hosts/components/morning-mail-form";
import { requireHostOfEvent } from "~/features/hosts/host-access.server";
import { listHostedEvents, setMorningMail } from "~/features/hosts/host-events.server";
import { requestHostSignIn } from "~/features/hosts/host-sign-in.server";
import { mailAfterAnswer } from "~/features/mail/public.server";
import { newsRoundPath } from "~/features/quizzes/news-round";
import { findFeaturedWeeklyQuiz } from "~/features/quizzes/weekly-quizzes.server";
import { AppError, appErrorPage, formFailureData } from "~/lib/app-error";
import { cityByName } from "~/lib/cities";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { fieldErrorsOf } from "~/lib/form-errors";
import { uuidParam } from "~/lib/http.server";
import { CROSS_SITE_MESSAGE, isSameOriginRequest } from "~/lib/origin";
import { clientIp, hitRateLimit } from "~/lib/rate-limit.server";
import type { Route } from "./+types/host-area";

export function meta(): Route.MetaDescriptors {
  return [{ title: "Quizvärd – Quizkväll" }, { name: "robots", content: "noindex" }];
}

const BROKEN_LINK_MESSAGE =
  "Inloggningslänken fungerar inte: den har redan använts, har gått ut eller är inte hel. Be om en ny länk nedan.";

/** /quizvard: signed out, the sign-in by mailed link; signed in, the events the host may change. */
export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await getViewer(request);
  const error = new URL(request.url).searchParams.get("error");
  if (!viewer.user) return { signedIn: false as const, linkError: error ? BROKEN_LINK_MESSAGE : null };
  const db = getDb();
  const events = await listHostedEvents(db, viewer.user.id);
  // Hosts and admins get the week's NutidsQuiz as a round to read aloud, answers included.
  const weekly =
    events.length > 0 || viewer.isAdmin ? await findFeaturedWeeklyQuiz(db, requestNow(request)) : null;
  return {
    signedIn: true as const,
    email: viewer.user.email,
    isAdmin: viewer.isAdmin,
    events,
    newsRound: weekly ? { title: weekly.title, href: newsRoundPath(weekly.titleSlug) } : null,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData().catch(() => new FormData());
  const intent = form.get("intent");
  if (intent === "confirm") {
    const eventId = uuidParam(form.get("eventId")?.toString()) ?? null;
    await requireHostOfEvent(request, eventId);
    const confirmed = eventId && (await confirmEventByHost(getDb(), eventId, requestNow(request)));
    if (!confirmed) throw appErrorPage(new AppError("not-found", { message: "Eventet finns inte" }));
    return { ok: true as const, intent: "confirm" as const, eventId };
  }
  if (intent === "morning-mail") {
    const eventId = uuidParam(form.get("eventId")?.toString()) ?? null;
    const { viewer } = await requireHostOfEvent(request, eventId);
    const on = form.get("morningMail") === "on";
    const saved = eventId && (await setMorningMail(getDb(), { eventId, userId: viewer.user.id, on }));
    if (!saved) throw appErrorPage(new AppError("not-found", { message: "Eventet finns inte" }));
    return { ok: true as const, intent: "morning-mail" as const, eventId };
  }
  const email = String(form.get("email") ?? "").slice(0, 300);
  const refuse = (error: AppError) =>
    formFailureData(error, { intent: "sign-in" as const, values: { email } });
  if (!isSameOriginRequest(request, getEnv()))
    return refuse(new AppError("forbidden", { message: CROSS_SITE_MESSAGE }));
  const parsed = readSignInForm(form);
  if (!parsed.success)
    return refuse(new AppError("bad-request", { fieldErrors: fieldErrorsOf(parsed.error) }));
  const db = getDb();
  const now = requestNow(request);
  const limited = await hitRateLimit(
    db,
    `host-sign-in:${clientIp(request)}`,
    HOST_SIGN_IN_ADDRESS_LIMIT,
    now,
  );
  if (!limited.allowed)
    return refuse(new AppError("rate-limited", { message: HOST_SIGN_IN_LIMITED_MESSAGE }));
  // After the answer: it and its time are the same whether or not the address hosts a quiz.
  mailAfterAnswer("a host sign-in mail", () =>
    requestHostSignIn(db, parsed.data.email, { now, publicUrl: getEnv().publicUrl }),
  );
  return { ok: true as const, intent: "sign-in" as const, message: SIGN_IN_LINK_SENT_MESSAGE };
}

export default function HostArea({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Quizvärd</h1>
      {loaderData.signedIn ? (
        <HostEvents
          {...loaderData}
          confirmedId={actionData?.intent === "confirm" ? actionData.eventId : null}
          morningMailSavedId={actionData?.intent === "morning-mail" ? actionData.eventId : null}
        />
      ) : (
        <div className="mt-4 space-y-4 text-stone-700 dark:text-stone-300">
          {loaderData.linkError ? (
            <p
              role="alert"
              className="rounded-lg bg-red-50 px-3 py-2 text-red-800 dark:bg-red-950 dark:text-red-200"
            >
              {loaderData.linkError}
            </p>
          ) : null}
          <p>
            Quizvärdar håller sina quizkvällar aktuella på Quizkväll. Ange din e-postadress så mejlar vi en
            inloggningslänk – inget lösenord behövs.
          </p>
          <HostSignInForm answer={actionData?.intent === "sign-in" ? actionData : undefined} />
          <p className="text-sm">
            Inte quizvärd än? Öppna ditt quiz på Quizkväll och välj ”Är det här ditt quiz?”.
          </p>
        </div>
      )}
    </div>
  );
}

type HostEventsProps = Extract<Route.ComponentProps["loaderData"], { signedIn: true }> & {
  confirmedId: string | null;
  morningMailSavedId: string | null;
};

function HostEvents({ email, isAdmin, events, newsRound, confirmedId, morningMailSavedId }: HostEventsProps) {
  const navigation = useNavigation();
  const busyId = navigation.state !== "idle" ? navigation.formData?.get("eventId") : null;
  const { isSigningOut, signOut } = useSignOut();
  return (
    <div className="mt-4 space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-stone-600 dark:text-stone-400">
        <p>
          Inloggad som <strong className="text-stone-900 dark:text-stone-100">{email}</strong>
        </p>
        <Button variant="secondary" onClick={signOut} disabled={isSigningOut}>
          Logga ut
        </Button>
      </div>
      {isAdmin ? (
        <p className="text-sm">
          Du är administratör: alla quiz ändras i{" "}
          <Link to="/admin" className="underline">
            adminpanelen
          </Link>
          .
        </p>
      ) : null}
      {events.length === 0 ? (
        <EmptyState padding="lg" tone="inherit">
          Du är inte quizvärd för något quiz ännu.
        </EmptyState>
      ) : (
        <ul className="divide-y divide-stone-200 rounded-2xl border border-stone-200 dark:divide-stone-800 dark:border-stone-800">
          {events.map((event) => (
            <li key={event.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
              <div className="min-w-0">
                <Link to={`/quizvard/${event.id}`} className="text-lg font-semibold hover:underline">
                  {event.title}
                </Link>
                <p className="text-sm text-stone-600 dark:text-stone-400">
                  {event.city} ·{" "}
                  <Link
                    to={`/quiz/${cityByName(event.city)?.slug ?? ""}/${event.slug}`}
                    className="underline"
                  >
                    Visa sidan
                  </Link>
                </p>
                <p className="text-sm text-stone-600 dark:text-stone-400">
                  {event.lastConfirmedAt ? lastConfirmedLabel(event.lastConfirmedAt) : "Inte bekräftad än"}
                </p>
                {confirmedId === event.id ? (
                  <p
                    role="status"
                    className="mt-1 flex items-center gap-1 text-sm font-medium text-emerald-800 dark:text-emerald-300"
                  >
                    <CheckCircle2 aria-hidden className="size-4" /> Tack! Uppgifterna är bekräftade.
                  </p>
                ) : null}
                <MorningMailForm
                  eventId={event.id}
                  title={event.title}
                  on={event.morningMail}
                  saved={morningMailSavedId === event.id}
                  busy={busyId === event.id}
                />
              </div>
              <div className="flex flex-wrap gap-2">
                <Link to={`/quizvard/${event.id}`} className={buttonClasses("secondary")}>
                  Ändra<span className="sr-only"> {event.title}</span>
                </Link>
                <Form method="post">
                  <input type="hidden" name="intent" value="confirm" />
                  <input type="hidden" name="eventId" value={event.id} />
                  <Button type="submit" disabled={busyId === event.id}>
                    Stämmer<span className="sr-only"> – {event.title}</span>
                  </Button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}
      {newsRound ? (
        <section
          aria-labelledby="news-round-heading"
          className="rounded-2xl border border-stone-200 p-4 dark:border-stone-800"
        >
          <h2 id="news-round-heading" className="text-lg font-semibold">
            Veckans nyhetsrunda
          </h2>
          <p className="mt-1 text-sm text-stone-700 dark:text-stone-300">
            {newsRound.title} som en runda att läsa upp på ert quiz: frågorna med källor, svaren på sista
            sidan.
          </p>
          <Link to={newsRound.href} className={buttonClasses("secondary", "mt-3")}>
            Öppna nyhetsrundan
          </Link>
        </section>
      ) : null}
    </div>
  );
}
