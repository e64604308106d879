import { isRouteErrorResponse, Link, useLocation } from "react-router";
import { AccessDeniedContent } from "~/components/layout/access-denied-content";
import { buttonClasses } from "~/components/ui/button";
import { appErrorCodeOf } from "~/lib/app-error";
import { UNAVAILABLE_HEADING, UNAVAILABLE_HINT, UNAVAILABLE_STATUS } from "~/lib/unavailable";

function NotFoundContent() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-6xl font-bold text-brand-600 dark:text-brand-300">404</p>
      <h1 className="mt-4 text-2xl font-semibold">Sidan hittades inte</h1>
      <p className="mt-2 text-stone-600 dark:text-stone-400">
        Sidan du letar efter finns inte eller har flyttats.
      </p>
      <Link to="/" className={buttonClasses("primary", "mt-8")}>
        Till startsidan
      </Link>
    </div>
  );
}

/**
 * What a visitor sees while the site cannot serve the page (the database does not answer): a 503 that says
 * so in Swedish, and a way to try again. The rest of the shell (header, footer) works as usual.
 */
function UnavailableContent() {
  // A full load of the same address: the router's own state is the failed one.
  const { pathname, search } = useLocation();
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <h1 className="text-2xl font-semibold">{UNAVAILABLE_HEADING}</h1>
      <p className="mt-2 text-stone-600 dark:text-stone-400">{UNAVAILABLE_HINT}</p>
      <a href={`${pathname}${search}`} className={buttonClasses("primary", "mt-8")}>
        Försök igen
      </a>
    </div>
  );
}

/** What the error boundary shows inside the page shell, by kind of error. */
export function ErrorContent({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <>
        <title>Sidan hittades inte – Quizkväll</title>
        <NotFoundContent />
      </>
    );
  }
  if (isRouteErrorResponse(error) && error.status === 403) {
    return (
      <>
        <title>Åtkomst nekad – Quizkväll</title>
        <meta name="robots" content="noindex" />
        <AccessDeniedContent />
      </>
    );
  }
  if (isRouteErrorResponse(error) && error.status === UNAVAILABLE_STATUS) {
    return (
      <>
        <title>Tillfälligt otillgängligt – Quizkväll</title>
        <meta name="robots" content="noindex" />
        <UnavailableContent />
      </>
    );
  }
  // Any other refusal (an AppError no route's boundary took) says what it is, in its own Swedish words.
  if (isRouteErrorResponse(error) && appErrorCodeOf(error)) {
    return (
      <>
        <title>Det gick inte – Quizkväll</title>
        <meta name="robots" content="noindex" />
        <div className="mx-auto max-w-xl px-4 py-24 text-center">
          <h1 className="text-2xl font-semibold">{(error.data as { message: string }).message}</h1>
          <Link to="/" className={buttonClasses("primary", "mt-8")}>
            Till startsidan
          </Link>
        </div>
      </>
    );
  }
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <>
      <title>Fel – Quizkväll</title>
      <div className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-2xl font-semibold">Unexpected Application Error!</h1>
        <p className="mt-2 text-stone-600 dark:text-stone-400">{detail}</p>
        <Link to="/" className={buttonClasses("primary", "mt-8")}>
          Till startsidan
        </Link>
      </div>
    </>
  );
}
