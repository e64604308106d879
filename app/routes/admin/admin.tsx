import { ShieldAlert, TriangleAlert } from "lucide-react";
import { data } from "react-router";
import { Button } from "~/components/ui/button";
import { AdminDashboard } from "~/features/admin/admin-dashboard";
import type { AdminHubData } from "~/features/admin/admin-hub";
import {
  buildWorkQueue,
  clampQueuePage,
  RESOLVE_REPORT_INTENT,
  STALE_NAMED,
  WORK_QUEUE_PAGE_PARAM,
  WORK_QUEUE_PAGE_SIZE,
  type WorkQueue,
} from "~/features/admin/work-queue";
import { AuthCard } from "~/features/auth/components/auth-field";
import { ChangePasswordDialog } from "~/features/auth/components/change-password-dialog";
import { FirstPasswordForm, useFirstPasswordToast } from "~/features/auth/components/first-password-form";
import { RecoveryModes } from "~/features/auth/components/recovery-forms";
import { chooseOwnPassword } from "~/features/auth/first-password.server";
import { getViewer, requireAdmin, type Viewer } from "~/features/auth/guard.server";
import { signInWithPassword } from "~/features/auth/password-sign-in.server";
import { resolveRecovery } from "~/features/auth/recovery.server";
import { RECOVERY_ERRORS } from "~/features/auth/recovery-errors";
import { SIGN_IN_INTENT } from "~/features/auth/sign-in-intent";
import { RECOVERY_TITLES, useRecovery } from "~/features/auth/use-recovery";
import { useSignInGreeting } from "~/features/auth/use-sign-in-greeting";
import { useSignOut } from "~/features/auth/use-sign-out";
import { countStaleEvents, listStaleEvents } from "~/features/confirmations/confirmations.server";
import {
  ADMIN_SEARCH_MAX,
  countEvents,
  listEventsForAdmin,
} from "~/features/event-editor/event-search.server";
import { listRecentChanges } from "~/features/event-history/event-history.server";
import { actorText, fieldLabel, valueText } from "~/features/event-history/history-text";
import { countPendingClaims, listPendingClaims } from "~/features/hosts/claims.server";
import {
  countPendingByKind,
  listPendingForHub,
  resolveReport,
} from "~/features/reports/reports-admin.server";
import { requestNow } from "~/lib/clock.server";
import { type Db, getDb } from "~/lib/db.server";
import { isUuid, uuidParam } from "~/lib/http.server";
import { parsePage } from "~/lib/paging";
import type { Route } from "./+types/admin";

const HUB_EVENTS_PAGE_SIZE = 20;
const HUB_CHANGES_LIMIT = 10;

async function loadQueue(db: Db, now: Date, url: URL, alsoId: string | undefined): Promise<WorkQueue> {
  const page = clampQueuePage(parsePage(url.searchParams, WORK_QUEUE_PAGE_PARAM));
  const depth = page * WORK_QUEUE_PAGE_SIZE;
  const [pending, claimCount, staleTotal, staleFirst, reports, suggestions, claims] = await Promise.all([
    countPendingByKind(db),
    countPendingClaims(db),
    countStaleEvents(db, now),
    listStaleEvents(db, now, { limit: STALE_NAMED }),
    listPendingForHub(db, "reports", depth, alsoId),
    listPendingForHub(db, "suggestions", depth, alsoId),
    listPendingClaims(db, { limit: depth, newestFirst: true }),
  ]);
  return buildWorkQueue({
    claims: claims.map((c) => ({
      kind: "claim",
      id: c.id,
      createdAt: c.createdAt,
      name: c.name,
      venueRole: c.venueRole,
      eventTitle: c.event.title,
    })),
    reports: [...reports, ...suggestions].map(({ reportType, ...r }) => ({
      ...r,
      kind: reportType === "missing_quiz" ? "suggestion" : "report",
    })),
    counts: { claims: claimCount, ...pending },
    stale: { total: staleTotal, first: staleFirst.map((e) => ({ id: e.id, title: e.title })) },
    page,
    alsoId,
  });
}

async function loadHub(viewer: Viewer, request: Request, url: URL): Promise<AdminHubData | null> {
  if (!viewer.isAdmin || viewer.mustChangePassword) return null;
  const db = getDb();
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, ADMIN_SEARCH_MAX);
  const highlighted = url.searchParams.get("rapport");
  const also = isUuid(highlighted) ? highlighted : undefined;
  const [events, queue, search, changes] = await Promise.all([
    countEvents(db),
    loadQueue(db, requestNow(request), url, also),
    listEventsForAdmin(db, { q, page: parsePage(url.searchParams), size: HUB_EVENTS_PAGE_SIZE }),
    listRecentChanges(db, HUB_CHANGES_LIMIT),
  ]);
  return {
    counts: {
      events,
      reports: queue.counts.reports,
      suggestions: queue.counts.suggestions,
      claims: queue.counts.claims,
      stale: queue.stale.total,
    },
    search: { q, ...search },
    searchMax: ADMIN_SEARCH_MAX,
    queue,
    changes: changes.map((c) => ({
      id: c.id,
      eventId: c.eventId,
      eventTitle: c.eventTitle,
      field: fieldLabel(c.field),
      before: valueText(c.field, c.before),
      after: valueText(c.field, c.after),
      who: actorText(c),
      at: c.createdAt,
      undone: c.undoneAt !== null,
    })),
  };
}

/** The queue's "Markera som löst": an admin's alone, answered on the hub with the queue read again. */
async function resolveFromQueue(request: Request, form: FormData) {
  await requireAdmin(request, "forbidden-page");
  const id = uuidParam(form.get("reportId")?.toString());
  const resolvedAt = id ? await resolveReport(getDb(), id, requestNow(request)) : null;
  return data(
    { intent: RESOLVE_REPORT_INTENT, resolved: resolvedAt !== null },
    { status: resolvedAt ? 200 : 404 },
  );
}

export function meta(): Route.MetaDescriptors {
  return [{ title: "Admin – Quizkväll" }, { name: "robots", content: "noindex, nofollow" }];
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const [viewer, recovery] = await Promise.all([getViewer(request), resolveRecovery(url.searchParams)]);
  const hub = await loadHub(viewer, request, url);
  return data(
    {
      viewer: viewer.user
        ? {
            email: viewer.user.email,
            isAdmin: viewer.isAdmin,
            mustChangePassword: viewer.mustChangePassword,
          }
        : null,
      hub,
      accessDenied: url.searchParams.get("error") === "access_denied",
      openForgot: url.searchParams.get("mode") === "forgot",
      resetToken: recovery && "token" in recovery ? recovery.token : null,
      linkError: recovery && "error" in recovery ? RECOVERY_ERRORS[recovery.error] : null,
    },
    {
      headers: {
        "X-Robots-Tag": "noindex, nofollow",
        "Cache-Control": "no-store",
        // "no-referrer" would send `Origin: null` with the page's own posts, which are refused.
        "Referrer-Policy": "same-origin",
      },
    },
  );
}

/** After a one-time-password sign-in, choosing a password is all the account may do. */
export async function action({ request }: Route.ActionArgs) {
  // A body that is no form (another method's, a malformed one) is no sign-in.
  const form = await request
    .clone()
    .formData()
    .catch(() => null);
  if (form?.get("intent") === SIGN_IN_INTENT) return signInWithPassword(request, form);
  if (form?.get("intent") === RESOLVE_REPORT_INTENT) return resolveFromQueue(request, form);
  return chooseOwnPassword(request);
}

export default function AdminPage({ loaderData }: Route.ComponentProps) {
  const { viewer, accessDenied } = loaderData;
  const { isSigningOut, signOut } = useSignOut();
  const recovery = useRecovery(loaderData);
  const { mode, linkError } = recovery;
  const greetAfterSignIn = useSignInGreeting(loaderData, Boolean(viewer?.mustChangePassword));
  useFirstPasswordToast();

  if (viewer?.isAdmin && mode !== "new-password") {
    return (
      <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 sm:py-14">
        <AdminDashboard
          email={viewer.email}
          hub={loaderData.hub}
          isSigningOut={isSigningOut}
          onSignOut={signOut}
        />
      </div>
    );
  }

  return (
    <div className="mx-auto flex max-w-md flex-col gap-6 px-4 py-10 sm:py-16">
      <h1 className="text-center text-3xl font-bold tracking-tight">Admin</h1>
      <noscript>
        <p className="rounded-xl border border-stone-300 p-4 text-center text-sm dark:border-stone-700">
          Registrering och nytt lösenord kräver JavaScript.
        </p>
      </noscript>

      {accessDenied && !viewer?.isAdmin ? (
        <div
          role="alert"
          className="flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-950/60 dark:text-amber-100"
        >
          <ShieldAlert aria-hidden className="mt-0.5 size-5 shrink-0" />
          <div>
            <p className="font-semibold">Åtkomst nekad</p>
            <p className="text-sm">Sidan kräver adminrättigheter. Logga in med ett administratörskonto.</p>
          </div>
        </div>
      ) : null}

      {linkError ? (
        <div
          role="alert"
          className="flex gap-3 rounded-xl border border-red-300 bg-red-50 p-4 text-red-900 dark:border-red-800 dark:bg-red-950/60 dark:text-red-100"
        >
          <TriangleAlert aria-hidden className="mt-0.5 size-5 shrink-0" />
          <p className="text-sm font-medium">{linkError}</p>
        </div>
      ) : null}

      {viewer?.mustChangePassword && mode !== "new-password" ? (
        <AuthCard title={RECOVERY_TITLES["new-password"]}>
          <FirstPasswordForm isSigningOut={isSigningOut} onSignOut={signOut} />
        </AuthCard>
      ) : viewer && !viewer.isAdmin && mode === "auth" ? (
        <AuthCard title="Inloggad">
          <p className="text-stone-700 dark:text-stone-300">
            Du är inloggad som <span className="font-medium">{viewer.email}</span>. Kontot har inga
            adminrättigheter. Kontakta administratören om du behöver dem.
          </p>
          <ChangePasswordDialog triggerClassName="mt-6 w-full" />
          <Button variant="secondary" className="mt-3 w-full" onClick={signOut} disabled={isSigningOut}>
            Logga ut
          </Button>
        </AuthCard>
      ) : (
        <AuthCard title={recovery.title}>
          <RecoveryModes recovery={recovery} onSigningIn={greetAfterSignIn} />
        </AuthCard>
      )}
    </div>
  );
}
