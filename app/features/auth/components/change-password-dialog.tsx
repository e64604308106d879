import { KeyRound } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogTrigger } from "~/components/ui/dialog";
import { toast } from "~/components/ui/toast";
import { useSubmitting } from "~/lib/use-submitting";
import { runAuth } from "../auth-client";
import { authFailureReason } from "../auth-messages";
import { checkNewPassword } from "../password-rules";
import { AuthField, NewPasswordFields, SubmitButton } from "./auth-field";

/** Lets a signed-in account change its password (the current one is asked for). */
export function ChangePasswordDialog({ triggerClassName }: { triggerClassName?: string }) {
  const [open, setOpen] = useState(false);
  const { isSubmitting, run } = useSubmitting();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const currentPassword = String(form.get("current") ?? "");
    const newPassword = String(form.get("password") ?? "");
    const problem = checkNewPassword(newPassword, String(form.get("confirmation") ?? ""));
    if (problem) {
      toast.error(problem.title, { description: problem.description });
      return;
    }
    void run(async () => {
      const result = await runAuth((auth) =>
        auth.changePassword({ currentPassword, newPassword, revokeOtherSessions: true }),
      );
      if (!result.ok) {
        toast.error("Fel vid lösenordsuppdatering", {
          description: authFailureReason(result.code, result.status),
        });
        return;
      }
      toast.success("Lösenord uppdaterat!");
      setOpen(false);
    });
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" className={triggerClassName}>
          <KeyRound aria-hidden className="size-4" />
          Byt lösenord
        </Button>
      </DialogTrigger>
      <DialogContent title="Byt lösenord" description="Andra inloggningar med kontot loggas ut.">
        <form method="post" noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
          <AuthField
            label="Nuvarande lösenord"
            name="current"
            type="password"
            autoComplete="current-password"
          />
          <NewPasswordFields />
          <SubmitButton isSubmitting={isSubmitting} busyLabel="Sparar…">
            Spara nytt lösenord
          </SubmitButton>
        </form>
      </DialogContent>
    </Dialog>
  );
}
