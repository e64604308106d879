import { useFetcher } from "react-router";
import { toast } from "~/components/ui/toast";
import { firstErrorOf } from "~/lib/form-errors";
import { useActionResult } from "~/lib/use-action-result";
import type { EventActionResult } from "./event-actions.server";

/** Where the event form and its actions post: the event editor route (its page also works without JavaScript). */
export const eventFormAction = (event?: { id: string }) =>
  event ? `/admin/events/${event.id}/edit` : "/admin/events/new";

/**
 * Deleting an event through the event editor's action, with its toasts. The pages showing the event
 * are reloaded by the router after the action; `onDeleted` hears of it too.
 */
export function useDeleteEvent(event: { id: string }, onDeleted?: () => void) {
  const fetcher = useFetcher<EventActionResult>();
  useActionResult(fetcher.data, (answer) => {
    if (answer.ok) {
      toast.success("Quiz borttaget", { description: "Quiz har tagits bort framgångsrikt" });
      onDeleted?.();
    } else {
      toast.error("Fel vid borttagning av event", {
        description: firstErrorOf(answer) ?? "Ett oväntat fel inträffade",
      });
    }
  });
  return {
    isDeleting: fetcher.state !== "idle",
    remove: () => fetcher.submit({ intent: "delete" }, { method: "post", action: eventFormAction(event) }),
  };
}
