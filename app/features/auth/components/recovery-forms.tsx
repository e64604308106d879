import type { FormEvent } from "react";
import { toast } from "~/components/ui/toast";
import { useSubmitting } from "~/lib/use-submitting";
import { runAuth } from "../auth-client";
import { authFailureReason } from "../auth-messages";
import { checkNewPassword } from "../password-rules";
import type { Recovery } from "../use-recovery";
import { AuthField, EmailField, ModeLink, NewPasswordFields, SubmitButton } from "./auth-field";
import { SignInPanel } from "./sign-in-panel";

/** How new-password mode was reached: a verified link token, or a verified e-mailed code. */
export type ResetGrant = { kind: "token"; token: string } | { kind: "code"; email: string; code: string };

function field(event: FormEvent<HTMLFormElement>, name: string) {
  return String(new FormData(event.currentTarget).get(name) ?? "");
}

function ForgotPasswordForm({
  email,
  onEmailChange,
  onHaveCode,
  onBack,
}: {
  email: string;
  onEmailChange: (email: string) => void;
  onHaveCode: () => void;
  onBack: () => void;
}) {
  const { isSubmitting, run } = useSubmitting();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = email.trim();
    if (!address) {
      toast.error("E-post krävs", { description: "Ange e-postadressen för ditt konto." });
      return;
    }
    void run(async () => {
      const result = await runAuth((auth) =>
        auth.requestPasswordReset({ email: address, redirectTo: "/admin" }),
      );
      if (!result.ok) {
        toast.error("Fel vid återställning", { description: authFailureReason(result.code, result.status) });
        return;
      }
      toast.success("E-post skickad!", {
        description: "Om adressen har ett konto får du en länk och en kod för att välja nytt lösenord.",
      });
      onHaveCode();
    });
  }

  return (
    <form method="post" noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
      <p className="text-sm text-stone-600 dark:text-stone-400">
        Ange din e-postadress så skickar vi en återställningslänk och en engångskod.
      </p>
      <EmailField value={email} onChange={(e) => onEmailChange(e.target.value)} />
      <SubmitButton isSubmitting={isSubmitting} busyLabel="Skickar…">
        Skicka återställningslänk
      </SubmitButton>
      <div className="flex flex-wrap justify-between gap-3">
        <ModeLink onClick={onBack}>Tillbaka till inloggning</ModeLink>
        <ModeLink onClick={onHaveCode}>Har du en kod?</ModeLink>
      </div>
    </form>
  );
}

function VerifyCodeForm({
  email,
  onEmailChange,
  onVerified,
  onBack,
}: {
  email: string;
  onEmailChange: (email: string) => void;
  onVerified: (grant: ResetGrant) => void;
  onBack: () => void;
}) {
  const { isSubmitting, run } = useSubmitting();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = email.trim();
    const code = field(event, "code").trim();
    if (!address || !code) {
      toast.error("Kod eller e-post saknas", { description: "Ange både e-post och koden från mejlet." });
      return;
    }
    void run(async () => {
      const result = await runAuth((auth) =>
        auth.emailOtp.checkVerificationOtp({ email: address, otp: code, type: "forget-password" }),
      );
      if (!result.ok) {
        toast.error("Fel vid verifiering", { description: authFailureReason(result.code, result.status) });
        return;
      }
      toast.success("Verifierad!", { description: "Välj ett nytt lösenord." });
      onVerified({ kind: "code", email: address, code });
    });
  }

  return (
    <form method="post" noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
      <p className="text-sm text-stone-600 dark:text-stone-400">
        Ange e-postadressen och engångskoden från återställningsmejlet.
      </p>
      <EmailField value={email} onChange={(e) => onEmailChange(e.target.value)} />
      <AuthField label="Kod" name="code" inputMode="numeric" autoComplete="one-time-code" />
      <SubmitButton isSubmitting={isSubmitting} busyLabel="Verifierar…">
        Verifiera kod
      </SubmitButton>
      <ModeLink onClick={onBack} className="self-start">
        Tillbaka till inloggning
      </ModeLink>
    </form>
  );
}

function NewPasswordForm({
  grant,
  onUpdated,
  onLinkRejected,
}: {
  grant: ResetGrant;
  onUpdated: () => void;
  onLinkRejected: () => void;
}) {
  const { isSubmitting, run } = useSubmitting();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = field(event, "password");
    const problem = checkNewPassword(password, field(event, "confirmation"));
    if (problem) {
      toast.error(problem.title, { description: problem.description });
      return;
    }
    void run(async () => {
      const result =
        grant.kind === "token"
          ? await runAuth((auth) => auth.resetPassword({ token: grant.token, newPassword: password }))
          : await runAuth((auth) =>
              auth.emailOtp.resetPassword({ email: grant.email, otp: grant.code, password }),
            );
      if (!result.ok) {
        toast.error("Fel vid lösenordsuppdatering", {
          description: authFailureReason(result.code, result.status),
        });
        if (result.code === "INVALID_TOKEN") onLinkRejected();
        return;
      }
      toast.success("Lösenord uppdaterat!", { description: "Logga in med ditt nya lösenord." });
      onUpdated();
    });
  }

  return (
    <form method="post" noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
      <NewPasswordFields />
      <SubmitButton isSubmitting={isSubmitting} busyLabel="Sparar…">
        Spara nytt lösenord
      </SubmitButton>
    </form>
  );
}

/** The signed-out admin card's body: the sign-in panel or the recovery step the state machine is in. */
export function RecoveryModes({ recovery, onSigningIn }: { recovery: Recovery; onSigningIn: () => void }) {
  const { mode, grant, email, setEmail } = recovery;
  return (
    <>
      {mode === "auth" ? (
        <SignInPanel
          email={email}
          onEmailChange={setEmail}
          onSigningIn={onSigningIn}
          onForgotPassword={recovery.showForgot}
        />
      ) : mode === "forgot" ? (
        <ForgotPasswordForm
          email={email}
          onEmailChange={setEmail}
          onHaveCode={recovery.showCode}
          onBack={recovery.showSignIn}
        />
      ) : mode === "code" ? (
        <VerifyCodeForm
          email={email}
          onEmailChange={setEmail}
          onVerified={recovery.enterNewPassword}
          onBack={recovery.showSignIn}
        />
      ) : grant ? (
        <NewPasswordForm
          grant={grant}
          onUpdated={recovery.leaveNewPassword}
          onLinkRejected={recovery.rejectLink}
        />
      ) : null}
      {mode === "new-password" ? (
        <ModeLink onClick={recovery.leaveNewPassword} className="mt-4">
          Avbryt
        </ModeLink>
      ) : null}
    </>
  );
}
