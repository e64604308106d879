import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { routerFetch } from "~/lib/shed-retry";

// React Router loads page data and sends form actions with window.fetch itself, and takes no fetch of ours: only its `.data` requests get the shed retry here (decision 016).
window.fetch = routerFetch(window.fetch.bind(window), window.location.origin);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
