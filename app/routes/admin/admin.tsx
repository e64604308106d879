import { ShieldAlert, TriangleAlert } from "lucide-react";
import { useEffect, useState } from "react";
import { data, useLocation, useNavigate, useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/toast";
import { AdminDashboard } from "~/features/admin/admin-dashboard";
import { callAuth } from "~/features/auth/auth-client";
import { AuthCard, ModeLink } from "~/features/auth/components/auth-field";
import { ChangePasswordDialog } from "~/features/auth/components/change-password-dialog";
import {
  ForgotPasswordForm,
  NewPasswordForm,
  type ResetGrant,
  VerifyCodeForm,
} from "~/features/auth/components/recovery-forms";
import { SignInPanel } from "~/features/auth/components/sign-in-panel";
import { useSubmitting } from "~/features/auth/components/use-submitting";
import { getViewer } from "~/features/auth/guard.server";
import { resolveRecovery } from "~/features/auth/recovery.server";
import { RECOVERY_ERRORS, RECOVERY_PARAMS, readRecoveryHash } from "~/features/auth/recovery-errors";
import type { Route } from "./+types/admin";

export function meta(): Route.MetaDescriptors {
  return [{ title: "Admin – Quizkväll" }, { name: "robots", content: "noindex, nofollow" }];
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const [viewer, recovery] = await Promise.all([getViewer(request), resolveRecovery(url.searchParams)]);
  return data(
    {
      viewer: viewer.user ? { email: viewer.user.email, isAdmin: viewer.isAdmin } : null,
      accessDenied: url.searchParams.get("error") === "access_denied",
      // The mail about a repeated sign-up links straight to the forgot-password mode.
      openForgot: url.searchParams.get("mode") === "forgot",
      resetToken: recovery && "token" in recovery ? recovery.token : null,
      linkError: recovery && "error" in recovery ? RECOVERY_ERRORS[recovery.error] : null,
    },
    {
      headers: {
        "X-Robots-Tag": "noindex, nofollow",
        "Cache-Control": "no-store",
        // A reset token in the address must not leak to other sites through the Referer header.
        "Referrer-Policy": "no-referrer",
      },
    },
  );
}

type Mode = "auth" | "forgot" | "code" | "new-password";

const TITLES: Record<Mode, string> = {
  auth: "Välkommen",
  forgot: "Glömt lösenordet",
  code: "Ange kod",
  "new-password": "Välj nytt lösenord",
};

export default function AdminPage({ loaderData }: Route.ComponentProps) {
  const { viewer, accessDenied, resetToken } = loaderData;
  const navigate = useNavigate();
  const location = useLocation();
  const revalidator = useRevalidator();
  const signOut = useSubmitting();
  const [grant, setGrant] = useState<ResetGrant | null>(
    resetToken ? { kind: "token", token: resetToken } : null,
  );
  const [mode, setMode] = useState<Mode>(
    resetToken ? "new-password" : loaderData.openForgot ? "forgot" : "auth",
  );
  const [linkError, setLinkError] = useState<string | null>(loaderData.linkError);
  const [email, setEmail] = useState("");

  // A recovery link verified by the loader (also after a hash link was turned into a query) opens
  // new-password mode; a rejected one shows its red box.
  useEffect(() => {
    if (resetToken) {
      setGrant({ kind: "token", token: resetToken });
      setMode("new-password");
    }
    if (loaderData.linkError) setLinkError(loaderData.linkError);
  }, [resetToken, loaderData.linkError]);

  // The address is reset to /admin once a recovery attempt is read, so a reload or a shared address
  // never repeats it. A hash never reaches the server: its token is handed to the loader as a query.
  useEffect(() => {
    const fromHash = readRecoveryHash(location.hash);
    if (fromHash && "token" in fromHash) {
      navigate(`/admin?token_hash=${encodeURIComponent(fromHash.token)}&type=recovery`, { replace: true });
      return;
    }
    if (fromHash) setLinkError(RECOVERY_ERRORS[fromHash.error]);
    const params = new URLSearchParams(location.search);
    const carriesRecovery =
      RECOVERY_PARAMS.some((name) => params.has(name)) || params.get("error") === "INVALID_TOKEN";
    if (fromHash || carriesRecovery) navigate("/admin", { replace: true, preventScrollReset: true });
  }, [location.hash, location.search, navigate]);

  function enterNewPassword(next: ResetGrant) {
    setGrant(next);
    setLinkError(null);
    setMode("new-password");
  }

  function leaveNewPassword() {
    if (grant?.kind === "code") setEmail(grant.email);
    setGrant(null);
    setMode("auth");
  }

  function handleSignOut() {
    void signOut.run(async () => {
      const result = await callAuth("/sign-out");
      if (!result.ok) {
        toast.error("Fel vid utloggning", { description: "Försök igen." });
        return;
      }
      toast.success("Utloggad");
      revalidator.revalidate();
    });
  }

  if (viewer?.isAdmin && mode !== "new-password") {
    return (
      <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 sm:py-14">
        <AdminDashboard email={viewer.email} isSigningOut={signOut.isSubmitting} onSignOut={handleSignOut} />
      </div>
    );
  }

  return (
    <div className="mx-auto flex max-w-md flex-col gap-6 px-4 py-10 sm:py-16">
      <h1 className="text-center text-3xl font-bold tracking-tight">Admin</h1>
      <noscript>
        <p className="rounded-xl border border-stone-300 p-4 text-center text-sm dark:border-stone-700">
          Inloggningen kräver JavaScript.
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

      {viewer && !viewer.isAdmin && mode === "auth" ? (
        <AuthCard title="Inloggad">
          <p className="text-stone-700 dark:text-stone-300">
            Du är inloggad som <span className="font-medium">{viewer.email}</span>. Kontot har inga
            adminrättigheter. Kontakta administratören om du behöver dem.
          </p>
          <ChangePasswordDialog triggerClassName="mt-6 w-full" />
          <Button
            variant="secondary"
            className="mt-3 w-full"
            onClick={handleSignOut}
            disabled={signOut.isSubmitting}
          >
            Logga ut
          </Button>
        </AuthCard>
      ) : (
        <AuthCard title={TITLES[mode]}>
          {mode === "auth" ? (
            <SignInPanel
              email={email}
              onEmailChange={setEmail}
              onSignedIn={() => revalidator.revalidate()}
              onForgotPassword={() => setMode("forgot")}
            />
          ) : mode === "forgot" ? (
            <ForgotPasswordForm
              email={email}
              onEmailChange={setEmail}
              onHaveCode={() => setMode("code")}
              onBack={() => setMode("auth")}
            />
          ) : mode === "code" ? (
            <VerifyCodeForm
              email={email}
              onEmailChange={setEmail}
              onVerified={enterNewPassword}
              onBack={() => setMode("auth")}
            />
          ) : grant ? (
            <NewPasswordForm
              grant={grant}
              onUpdated={leaveNewPassword}
              onLinkRejected={() => {
                setLinkError(RECOVERY_ERRORS.invalid);
                leaveNewPassword();
              }}
            />
          ) : null}
          {mode === "new-password" ? (
            <ModeLink onClick={leaveNewPassword} className="mt-4">
              Avbryt
            </ModeLink>
          ) : null}
        </AuthCard>
      )}
    </div>
  );
}
