import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { buttonClasses } from "~/components/ui/button";

function AccessDenied() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <title>Åtkomst nekad – Quizkväll</title>
      <h1 className="text-2xl font-semibold">Åtkomst nekad</h1>
      <p className="mt-2 text-stone-600 dark:text-stone-400">Den här sidan är bara för administratörer.</p>
      <Link to="/admin" className={buttonClasses("primary", "mt-8")}>
        Logga in som admin
      </Link>
    </div>
  );
}

export function AdminQuizErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && (error.status === 403 || error.status === 401)) return <AccessDenied />;
  throw error;
}
