import { Form, Link, useNavigation } from "react-router";
import { AdminBackLinks } from "~/components/layout/admin-back-links";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { PageLinks } from "~/components/ui/page-links";
import { requireAdmin } from "~/features/auth/guard.server";
import { countPendingClaims, decideClaim, listPendingClaims } from "~/features/hosts/claims.server";
import { AppError, formFailureData } from "~/lib/app-error";
import { cityByName } from "~/lib/cities";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { uuidParam } from "~/lib/http.server";
import { pageHref, pageWindow, parsePage } from "~/lib/paging";
import { formatLongDate } from "~/lib/time";
import type { Route } from "./+types/host-claims";

/** Claims per page. */
const CLAIMS_PAGE_SIZE = 50;

export function meta(): Route.MetaDescriptors {
  return [{ title: "Quizvärdar – Quizkväll" }, { name: "robots", content: "noindex" }];
}

/** /admin/quizvardar: claims to host an event, oldest first, a page at a time. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, "forbidden-page");
  const db = getDb();
  const total = await countPendingClaims(db);
  const { offset, limit, page, pages } = pageWindow(
    total,
    parsePage(new URL(request.url).searchParams),
    CLAIMS_PAGE_SIZE,
  );
  return { claims: await listPendingClaims(db, { offset, limit }), total, page, pages };
}

/** "Godkänn" (the host row and the sign-in mail) or "Avslå" one claim. */
export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireAdmin(request, "forbidden-page");
  const form = await request.formData().catch(() => null);
  const id = uuidParam(form?.get("claimId")?.toString());
  const decision = form?.get("decision");
  if (!id || (decision !== "approve" && decision !== "decline"))
    return formFailureData(new AppError("bad-request", { message: "Ogiltig begäran." }));
  const decided = await decideClaim(getDb(), id, decision, viewer.user?.id ?? "", {
    now: requestNow(request),
    publicUrl: getEnv().publicUrl,
  });
  if (!decided)
    return formFailureData(
      new AppError("conflict", { message: "Ansökan är redan avgjord eller finns inte." }),
    );
  return {
    ok: true as const,
    message:
      decision === "approve"
        ? "Ansökan är godkänd och quizvärden har fått ett mejl."
        : "Ansökan är avslagen och den som sökte har fått ett mejl.",
  };
}

export default function HostClaims({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busyId = navigation.state !== "idle" ? navigation.formData?.get("claimId") : null;
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:px-6">
      <div>
        <AdminBackLinks />
        <h1 className="mt-2 text-2xl font-bold tracking-tight sm:text-3xl">Quizvärdar</h1>
        <p className="mt-1 text-stone-600 dark:text-stone-400">
          Ansökningar om att bli quizvärd, äldst först.
          {loaderData.total > 0 && ` ${loaderData.total} väntar.`}
        </p>
      </div>
      {actionData ? (
        <p
          role={actionData.ok ? "status" : "alert"}
          className={
            actionData.ok ? "text-emerald-800 dark:text-emerald-300" : "text-red-700 dark:text-red-400"
          }
        >
          {actionData.ok ? actionData.message : actionData.formError}
        </p>
      ) : null}
      {loaderData.claims.length === 0 ? (
        <EmptyState padding="lg" tone="inherit">
          Inga ansökningar väntar.
        </EmptyState>
      ) : (
        <ul className="space-y-4">
          {loaderData.claims.map((claim) => (
            <li
              key={claim.id}
              className="rounded-2xl border border-stone-200 p-4 dark:border-stone-800"
              aria-label={`Ansökan från ${claim.name}`}
            >
              <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[8rem_minmax(0,1fr)]">
                <dt className="font-medium">Quiz</dt>
                <dd className="min-w-0">
                  <Link
                    to={`/quiz/${cityByName(claim.event.city)?.slug ?? ""}/${claim.event.slug}`}
                    className="font-medium underline"
                  >
                    {claim.event.title}
                  </Link>{" "}
                  ({claim.event.city})
                </dd>
                <dt className="font-medium">Namn</dt>
                <dd className="min-w-0 break-words">{claim.name}</dd>
                <dt className="font-medium">E-post</dt>
                <dd className="min-w-0 break-all">{claim.email}</dd>
                <dt className="font-medium">Roll</dt>
                <dd className="min-w-0 break-words">{claim.venueRole}</dd>
                <dt className="font-medium">Meddelande</dt>
                <dd className="min-w-0 whitespace-pre-line break-words">{claim.message ?? "–"}</dd>
                <dt className="font-medium">Skickad</dt>
                <dd>{formatLongDate(claim.createdAt)}</dd>
                <dt className="font-medium">Nuvarande värd</dt>
                <dd className="min-w-0 break-words">
                  {claim.currentHosts.length
                    ? claim.currentHosts.map((h) => `${h.name} (${h.email})`).join(", ")
                    : "Ingen ännu"}
                </dd>
              </dl>
              <Form method="post" className="mt-3 flex flex-wrap gap-2">
                <input type="hidden" name="claimId" value={claim.id} />
                <Button type="submit" name="decision" value="approve" disabled={busyId === claim.id}>
                  Godkänn
                </Button>
                <Button
                  type="submit"
                  name="decision"
                  value="decline"
                  variant="secondary"
                  disabled={busyId === claim.id}
                >
                  Avslå
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      {loaderData.pages > 1 && (
        <PageLinks
          page={loaderData.page}
          pages={loaderData.pages}
          hrefFor={(n) => pageHref("/admin/quizvardar", new URLSearchParams(), n)}
        />
      )}
    </div>
  );
}
