import { useEffect, useRef } from "react";
import { isRouteErrorResponse, useFetchers, useNavigation, useRevalidator } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { MAX_RETRIES, retryDelayMs, SHED_MESSAGE } from "~/lib/shed-retry";

/**
 * React Router fetches a page's data itself, outside the one fetch wrapper, so a page load the busy server
 * turned away unprocessed reaches the error boundary instead (the plain-text 503 becomes a route error
 * response whose data is the server's message). The boundary loads the page again after a moment, a
 * bounded number of times. A form submission is never repeated this way: a revalidation would only reload
 * the page and drop what was sent, so the visitor is told to try again instead.
 * See docs/decisions/016-one-browser-fetch-and-shed-retry.md.
 */

let lastRequestWasSubmission = false;
let attempts = 0;

export function isShedRouteError(error: unknown): boolean {
  return isRouteErrorResponse(error) && error.status === 503 && error.data === SHED_MESSAGE;
}

/** Used by the app shell: remembers whether the latest request was a submission, and resets the count. */
export function useShedRecoveryTracking(): void {
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const isSubmitting = navigation.state === "submitting" || fetchers.some((f) => f.state === "submitting");
  const isLoadingPage = navigation.state === "loading" && !navigation.formMethod;
  useEffect(() => {
    if (isSubmitting) lastRequestWasSubmission = true;
    else if (isLoadingPage) lastRequestWasSubmission = false;
  }, [isSubmitting, isLoadingPage]);
  // The shell renders again only once a page has loaded: the next shed load starts counting from zero.
  useEffect(() => {
    attempts = 0;
  }, []);
}

/** What the error boundary shows for a shed request, loading the page again while retries remain. */
export function ShedRecovery({ error }: { error: unknown }) {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const canRetry = !lastRequestWasSubmission && attempts < MAX_RETRIES;
  // Every failed attempt is a new error object, so each one schedules the next.
  useEffect(() => {
    if (!error || !canRetry) return;
    // The server's Retry-After is 1 s; the boundary no longer sees the header.
    const timer = setTimeout(
      () => {
        attempts += 1;
        void revalidate.current();
      },
      retryDelayMs("1", attempts),
    );
    return () => clearTimeout(timer);
  }, [error, canRetry]);
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <title>Quizkväll</title>
      <h1 className="text-2xl font-semibold" role="status">
        {SHED_MESSAGE}
      </h1>
      <button
        type="button"
        className={buttonClasses("primary", "mt-8")}
        disabled={revalidator.state !== "idle"}
        onClick={() => void revalidator.revalidate()}
      >
        Försök igen
      </button>
    </div>
  );
}
