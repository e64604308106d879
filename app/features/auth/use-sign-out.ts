import { useRevalidator } from "react-router";
import { toast } from "~/components/ui/toast";
import { useSubmitting } from "~/lib/use-submitting";
import { runAuth } from "./auth-client";

/** Signs out through better-auth's client and reloads the page's data, with a toast for success or failure. */
export function useSignOut() {
  const revalidator = useRevalidator();
  const { isSubmitting, run } = useSubmitting();
  function signOut() {
    void run(async () => {
      const result = await runAuth((auth) => auth.signOut());
      if (!result.ok) {
        toast.error("Fel vid utloggning", { description: "Försök igen." });
        return;
      }
      toast.success("Utloggad");
      revalidator.revalidate();
    });
  }
  return { isSigningOut: isSubmitting, signOut };
}
