import { TriangleAlert } from "lucide-react";
import { Tabs } from "radix-ui";
import { type FormEvent, useEffect, useState } from "react";
import { Form, useActionData, useNavigation } from "react-router";
import { toast } from "~/components/ui/toast";
import { useSubmitting } from "~/lib/use-submitting";
import { runAuth } from "../auth-client";
import { authFailureReason } from "../auth-messages";
import { MIN_PASSWORD_LENGTH } from "../password-rules";
import { isSignInFailure, SIGN_IN_INTENT } from "../sign-in-intent";
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

/** A refused sign-in: one the server rendered (the form was posted without JavaScript) is shown in the form; one answered to the running page is a toast, as every other refusal there. */
function useSignInRefusal(): string | null {
  const actionData: unknown = useActionData();
  const refusal = isSignInFailure(actionData) ? actionData : null;
  const [rendered] = useState(refusal);
  useEffect(() => {
    if (refusal && refusal !== rendered) {
      toast.error(refusal.problem.title, { description: refusal.problem.description });
    }
  }, [refusal, rendered]);
  return refusal && refusal === rendered ? (refusal.problem.description ?? refusal.problem.title) : null;
}

export function SignInPanel({
  email,
  onEmailChange,
  onSigningIn,
  onForgotPassword,
}: {
  email: string;
  onEmailChange: (email: string) => void;
  /** Called as the sign-in is sent (the page greets once it knows who signed in). */
  onSigningIn: () => void;
  onForgotPassword: () => void;
}) {
  const [tab, setTab] = useState("logga-in");
  const navigation = useNavigation();
  const signingIn = navigation.state !== "idle" && navigation.formData?.get("intent") === SIGN_IN_INTENT;
  const refusal = useSignInRefusal();
  const signUp = useSubmitting();

  /** The form posts to the admin page's action; a missing field is said before anything is sent. */
  function handleSignIn(event: FormEvent<HTMLFormElement>) {
    const { email, password } = formValues(event);
    if (!email || !password) {
      event.preventDefault();
      toast.error("Inloggning misslyckades", { description: "Ange både e-post och lösenord." });
      return;
    }
    onSigningIn();
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
        <Form
          method="post"
          action="/admin"
          noValidate
          onSubmit={handleSignIn}
          className="flex flex-col gap-4"
        >
          <input type="hidden" name="intent" value={SIGN_IN_INTENT} />
          {refusal ? (
            <p
              role="alert"
              className="flex gap-2 rounded-lg border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-900 dark:border-red-800 dark:bg-red-950/60 dark:text-red-100"
            >
              <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
              {refusal}
            </p>
          ) : null}
          <EmailField value={email} onChange={(e) => onEmailChange(e.target.value)} />
          <AuthField label="Lösenord" name="password" type="password" autoComplete="current-password" />
          <SubmitButton isSubmitting={signingIn} busyLabel="Loggar in…" worksWithoutScript>
            Logga in
          </SubmitButton>
          <ModeLink onClick={onForgotPassword} className="self-center">
            Glömt lösenordet?
          </ModeLink>
        </Form>
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
