import { ShieldAlert } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "~/components/ui/button";

/** "Åtkomst nekad" with why and where to go; by default what a non-admin sees on quiz management. */
export function AccessDeniedContent({
  reason = "Du behöver vara inloggad som admin för att se den här sidan.",
  to = "/admin",
  action = "Logga in som admin",
}: {
  reason?: string;
  to?: string;
  action?: string;
}) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <ShieldAlert aria-hidden className="size-12 text-brand-700 dark:text-brand-300" />
      <h1 className="mt-4 text-2xl font-semibold">Åtkomst nekad</h1>
      <p className="mt-2 text-stone-600 dark:text-stone-400">{reason}</p>
      <Link to={to} className={buttonClasses("primary", "mt-8")}>
        {action}
      </Link>
    </div>
  );
}
