import { type FormEvent, useEffect } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/toast";
import { checkNewPassword, type NewPasswordResult } from "../password-rules";
import { NewPasswordFields, SubmitButton } from "./auth-field";

/** One keyed fetcher: on success the form unmounts (the dashboard replaces it), so the page reports it. */
const FIRST_PASSWORD_FETCHER = "first-password";

/** The toasts of the form below, for the page that stays mounted when the form goes. */
export function useFirstPasswordToast() {
  const fetcher = useFetcher<NewPasswordResult>({ key: FIRST_PASSWORD_FETCHER });
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok) toast.success("Lösenord uppdaterat!", { description: "Adminpanelen är öppen." });
    else toast.error(fetcher.data.problem.title, { description: fetcher.data.problem.description });
  }, [fetcher.state, fetcher.data]);
}

/** New-password mode after a sign-in with the one-time password printed at the first start: the account chooses its own before the dashboard opens (the server refuses every admin page and endpoint until then). */
export function FirstPasswordForm({
  isSigningOut,
  onSignOut,
}: {
  isSigningOut: boolean;
  onSignOut: () => void;
}) {
  const fetcher = useFetcher<NewPasswordResult>({ key: FIRST_PASSWORD_FETCHER });
  const isSubmitting = fetcher.state !== "idle";

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget);
    const problem = checkNewPassword(
      String(form.get("password") ?? ""),
      String(form.get("confirmation") ?? ""),
    );
    if (!problem) return;
    event.preventDefault();
    toast.error(problem.title, { description: problem.description });
  }

  return (
    <fetcher.Form
      method="post"
      action="/admin"
      noValidate
      onSubmit={handleSubmit}
      className="flex flex-col gap-4"
    >
      <p className="text-sm text-stone-600 dark:text-stone-400">
        Du loggade in med engångslösenordet från första starten. Välj ett eget lösenord för att öppna
        adminpanelen.
      </p>
      <NewPasswordFields />
      <SubmitButton isSubmitting={isSubmitting} busyLabel="Sparar…">
        Spara nytt lösenord
      </SubmitButton>
      <Button
        type="button"
        variant="secondary"
        className="w-full"
        onClick={onSignOut}
        disabled={isSigningOut}
      >
        Logga ut
      </Button>
    </fetcher.Form>
  );
}
