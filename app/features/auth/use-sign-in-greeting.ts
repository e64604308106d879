import { useEffect, useState } from "react";
import { toast } from "~/components/ui/toast";

/** The greeting after a sign-in, chosen once the page's loader has said who signed in: an ordinary sign-in gets "Välkommen tillbaka!", a first sign-in with the one-time password is welcomed and sent on to choose a password of its own. */
export function useSignInGreeting(loaderData: object, mustChangePassword: boolean) {
  const [dataBeforeSignIn, setDataBeforeSignIn] = useState<object | null>(null);
  useEffect(() => {
    if (dataBeforeSignIn === null || loaderData === dataBeforeSignIn) return;
    setDataBeforeSignIn(null);
    if (mustChangePassword) {
      toast.success("Välkommen!", { description: "Välj ett eget lösenord innan du fortsätter." });
    } else {
      toast.success("Välkommen tillbaka!");
    }
  }, [loaderData, dataBeforeSignIn, mustChangePassword]);
  return () => setDataBeforeSignIn(loaderData);
}
