import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { routerFetch } from "~/lib/shed-retry";

// React Router fetches with window.fetch itself: only its `.data` requests get the shed retry (decision 016).
window.fetch = routerFetch(window.fetch.bind(window), window.location.origin);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
