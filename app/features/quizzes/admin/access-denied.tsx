import { isRouteErrorResponse, useRouteError } from "react-router";
import { AccessDeniedContent } from "~/components/layout/access-denied-content";

export function AdminQuizErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && (error.status === 403 || error.status === 401)) {
    return (
      <>
        <title>Åtkomst nekad – Quizkväll</title>
        <meta name="robots" content="noindex" />
        <AccessDeniedContent />
      </>
    );
  }
  throw error;
}
