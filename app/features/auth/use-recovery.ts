import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import type { ResetGrant } from "./components/recovery-forms";
import { RECOVERY_ERRORS, RECOVERY_PARAMS, readRecoveryHash, recoveryErrorOf } from "./recovery-errors";

/** The admin page's four modes: sign in/up, forgot password, enter the e-mailed code, choose a new password. */
export type RecoveryMode = "auth" | "forgot" | "code" | "new-password";

export const RECOVERY_TITLES: Record<RecoveryMode, string> = {
  auth: "Välkommen",
  forgot: "Glömt lösenordet",
  code: "Ange kod",
  "new-password": "Välj nytt lösenord",
};

/** The password-recovery state machine of the admin page. */
export function useRecovery({
  resetToken,
  openForgot,
  linkError: loaderLinkError,
}: {
  resetToken: string | null;
  openForgot: boolean;
  linkError: string | null;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const [grant, setGrant] = useState<ResetGrant | null>(
    resetToken ? { kind: "token", token: resetToken } : null,
  );
  const [mode, setMode] = useState<RecoveryMode>(
    resetToken ? "new-password" : openForgot ? "forgot" : "auth",
  );
  const [linkError, setLinkError] = useState<string | null>(loaderLinkError);
  const [email, setEmail] = useState("");

  // A recovery link verified by the loader (also after a hash link was turned into a query) opens new-password mode; a rejected one shows its red box.
  useEffect(() => {
    if (resetToken) {
      setGrant({ kind: "token", token: resetToken });
      setMode("new-password");
    }
    if (loaderLinkError) setLinkError(loaderLinkError);
  }, [resetToken, loaderLinkError]);

  // The address is reset to /admin once a recovery attempt is read, so a reload or a shared address never repeats it.
  useEffect(() => {
    const fromHash = readRecoveryHash(location.hash);
    if (fromHash && "token" in fromHash) {
      navigate(`/admin?token_hash=${encodeURIComponent(fromHash.token)}&type=recovery`, { replace: true });
      return;
    }
    if (fromHash) setLinkError(RECOVERY_ERRORS[fromHash.error]);
    const params = new URLSearchParams(location.search);
    const carriesRecovery =
      RECOVERY_PARAMS.some((name) => params.has(name)) || recoveryErrorOf(params.get("error")) !== null;
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

  function rejectLink() {
    setLinkError(RECOVERY_ERRORS.invalid);
    leaveNewPassword();
  }

  return {
    mode,
    title: RECOVERY_TITLES[mode],
    grant,
    linkError,
    email,
    setEmail,
    showSignIn: () => setMode("auth"),
    showForgot: () => setMode("forgot"),
    showCode: () => setMode("code"),
    enterNewPassword,
    leaveNewPassword,
    rejectLink,
  };
}

export type Recovery = ReturnType<typeof useRecovery>;
