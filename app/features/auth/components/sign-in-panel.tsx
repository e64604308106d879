import { Tabs } from "radix-ui";
import { type FormEvent, useState } from "react";
import { toast } from "~/components/ui/toast";
import { useSubmitting } from "~/lib/use-submitting";
import { runAuth } from "../auth-client";
import { authFailureReason } from "../auth-messages";
import { MIN_PASSWORD_LENGTH } from "../password-rules";
import { AuthField, EmailField, ModeLink, SubmitButton } from "./auth-field";

const TAB_CLASSES =
  "flex-1 rounded-md px-3 py-2 text-sm font-medium text-stone-700 transition-colors data-[state=active]:bg-white data-[state=active]:text-stone-950 data-[state=active]:shadow-sm dark:text-stone-300 dark:data-[state=active]:bg-stone-800 dark:data-[state=active]:text-stone-50";

function formValues(event: FormEvent<HTMLFormElement>) {
  const form = new FormData(event.currentTarget);
  return {
    email: String(form.get("email") ?? "").trim(),
    password: String(form.get("password") ?? ""),
  };
}

export function SignInPanel({
  email,
  onEmailChange,
  onSignedIn,
  onForgotPassword,
}: {
  email: string;
  onEmailChange: (email: string) => void;
  onSignedIn: () => void;
  onForgotPassword: () => void;
}) {
  const [tab, setTab] = useState("logga-in");
  const signIn = useSubmitting();
  const signUp = useSubmitting();

  function handleSignIn(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { email, password } = formValues(event);
    if (!email || !password) {
      toast.error("Inloggning misslyckades", { description: "Ange både e-post och lösenord." });
      return;
    }
    void signIn.run(async () => {
      const result = await runAuth((auth) => auth.signIn.email({ email, password }));
      if (!result.ok) {
        toast.error("Inloggning misslyckades", {
          description: authFailureReason(result.code, result.status, result.retryAfter),
        });
        return;
      }
      // The page greets once it knows who signed in (a first sign-in is asked for a new password).
      onSignedIn();
    });
  }

  function handleSignUp(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const { email, password } = formValues(event);
    if (!email || !password) {
      toast.error("Registrering misslyckades", { description: "Ange både e-post och lösenord." });
      return;
    }
    if (password.length < MIN_PASSWORD_LENGTH) {
      toast.error("Registrering misslyckades", {
        description: `Lösenordet måste vara minst ${MIN_PASSWORD_LENGTH} tecken långt.`,
      });
      return;
    }
    void signUp.run(async () => {
      const name = email.split("@")[0] || email;
      const result = await runAuth((auth) => auth.signUp.email({ email, password, name, callbackURL: "/" }));
      if (!result.ok) {
        toast.error("Registrering misslyckades", {
          description: authFailureReason(result.code, result.status),
        });
        return;
      }
      toast.success("Kontrollera din e-post", {
        // The same answer whether or not the address already has an account (the mail tells which).
        description: "Vi har skickat ett mejl till adressen med nästa steg.",
      });
      form.reset();
      onEmailChange(email);
      setTab("logga-in");
    });
  }

  return (
    <Tabs.Root value={tab} onValueChange={setTab}>
      <Tabs.List aria-label="Konto" className="flex gap-1 rounded-lg bg-stone-100 p-1 dark:bg-stone-950">
        <Tabs.Trigger value="logga-in" className={TAB_CLASSES}>
          Logga in
        </Tabs.Trigger>
        <Tabs.Trigger value="registrera" className={TAB_CLASSES}>
          Registrera
        </Tabs.Trigger>
      </Tabs.List>

      <Tabs.Content value="logga-in" className="mt-6">
        <form method="post" noValidate onSubmit={handleSignIn} className="flex flex-col gap-4">
          <EmailField value={email} onChange={(e) => onEmailChange(e.target.value)} />
          <AuthField label="Lösenord" name="password" type="password" autoComplete="current-password" />
          <SubmitButton isSubmitting={signIn.isSubmitting} busyLabel="Loggar in…">
            Logga in
          </SubmitButton>
          <ModeLink onClick={onForgotPassword} className="self-center">
            Glömt lösenordet?
          </ModeLink>
        </form>
      </Tabs.Content>

      <Tabs.Content value="registrera" className="mt-6">
        <form method="post" noValidate onSubmit={handleSignUp} className="flex flex-col gap-4">
          <EmailField />
          <AuthField
            label="Lösenord"
            name="password"
            type="password"
            autoComplete="new-password"
            hint={`Minst ${MIN_PASSWORD_LENGTH} tecken.`}
          />
          <SubmitButton isSubmitting={signUp.isSubmitting} busyLabel="Skapar konto…">
            Skapa konto
          </SubmitButton>
          <p className="text-sm text-stone-600 dark:text-stone-400">
            Ett nytt konto är ett vanligt konto. Kontakta administratören för att få adminrättigheter.
          </p>
        </form>
      </Tabs.Content>
    </Tabs.Root>
  );
}
