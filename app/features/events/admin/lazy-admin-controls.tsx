import { type ComponentProps, lazy, Suspense } from "react";
import type { EventCardAdminActions, HomeAdminControls } from "./event-admin-controls";

/**
 * The admin controls of home and of the cards, in a chunk of their own: only a signed-in admin's page
 * renders them, so only an admin's browser loads that code. The server renders them in place; hydration
 * keeps that HTML until the chunk is in.
 */
const HomeControls = lazy(() =>
  import("./event-admin-controls").then((m) => ({ default: m.HomeAdminControls })),
);
const CardActions = lazy(() =>
  import("./event-admin-controls").then((m) => ({ default: m.EventCardAdminActions })),
);

export function LazyHomeAdminControls(props: ComponentProps<typeof HomeAdminControls>) {
  return (
    <Suspense fallback={null}>
      <HomeControls {...props} />
    </Suspense>
  );
}

export function LazyEventCardAdminActions(props: ComponentProps<typeof EventCardAdminActions>) {
  return (
    <Suspense fallback={null}>
      <CardActions {...props} />
    </Suspense>
  );
}
