import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { withShedRetry } from "~/lib/shed-retry";

// Navigations, form actions and API calls all go through fetch: a request the busy server turned away
// unprocessed is sent again after a moment instead of ending on an error page.
window.fetch = withShedRetry(window.fetch.bind(window));

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
