import { data, Form, Link, redirect, useNavigation } from "react-router";
import { Button, buttonClasses } from "~/components/ui/button";
import { type LinkRefusal, signInWithLink } from "~/features/auth/magic-link.server";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { CROSS_SITE_MESSAGE, isSameOriginRequest } from "~/lib/origin";
import { clientIp, hitRateLimit } from "~/lib/rate-limit.server";
import type { Route } from "./+types/host-sign-in";

export function meta(): Route.MetaDescriptors {
  return [{ title: "Logga in som quizvärd – Quizkväll" }, { name: "robots", content: "noindex" }];
}

const MESSAGES: Record<LinkRefusal | "limited", string> = {
  invalid:
    "Inloggningslänken fungerar inte: den har redan använts, har gått ut eller är inte hel. Be om en ny länk.",
  "use-password":
    "Ditt konto har ett lösenord, så det loggar inte in med länk. Logga in som vanligt med ditt lösenord – då når du dina quiz som quizvärd.",
  limited: "För många försök. Försök igen om en stund.",
};

/** A token as mail clients leave it: letters and digits; anything else is a link cut or mangled. */
const readToken = (value: unknown) =>
  typeof value === "string" && /^[A-Za-z0-9_-]{16,128}$/.test(value) ? value : null;

const LINK_ATTEMPTS = { limit: 20, windowMs: 10 * 60_000 };

export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const token = readToken(params.get("token"));
  const error = params.get("error");
  const problem =
    error === "failed_to_create_session"
      ? MESSAGES["use-password"]
      : error || !token
        ? MESSAGES.invalid
        : null;
  return { token: problem ? null : token, problem };
}

export async function action({ request }: Route.ActionArgs) {
  if (!isSameOriginRequest(request, getEnv())) return data({ problem: CROSS_SITE_MESSAGE }, { status: 403 });
  const form = await request.formData().catch(() => new FormData());
  const token = readToken(form.get("token"));
  if (!token) return data({ problem: MESSAGES.invalid }, { status: 400 });
  const limited = await hitRateLimit(
    getDb(),
    `host-link:${clientIp(request)}`,
    LINK_ATTEMPTS,
    requestNow(request),
  );
  if (!limited.allowed) return data({ problem: MESSAGES.limited }, { status: 429 });
  const outcome = await signInWithLink(request, token);
  if (!outcome.ok) return data({ problem: MESSAGES[outcome.refusal] }, { status: 400 });
  throw redirect("/quizvard", { headers: outcome.headers });
}

export default function HostSignIn({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const problem = actionData?.problem ?? loaderData.problem;
  return (
    <div className="mx-auto max-w-xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Logga in som quizvärd</h1>
      {problem ? (
        <div className="mt-4 space-y-4">
          <p
            role="alert"
            className="rounded-lg bg-red-50 px-3 py-2 text-red-800 dark:bg-red-950 dark:text-red-200"
          >
            {problem}
          </p>
          <p className="flex flex-wrap gap-3">
            <Link to="/quizvard" className={buttonClasses("secondary")}>
              Be om en ny länk
            </Link>
            <Link to="/admin" className={buttonClasses("secondary")}>
              Logga in med lösenord
            </Link>
          </p>
        </div>
      ) : null}
      {loaderData.token && !actionData ? (
        <Form method="post" className="mt-4 space-y-4">
          <p className="text-stone-700 dark:text-stone-300">
            Tryck på knappen för att logga in. Länken gäller i en timme och kan bara användas en gång.
          </p>
          <input type="hidden" name="token" value={loaderData.token} />
          <Button type="submit" disabled={navigation.state !== "idle"}>
            Logga in
          </Button>
        </Form>
      ) : null}
    </div>
  );
}
