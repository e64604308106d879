import { useFetcher } from "react-router";
import { toast } from "~/components/ui/toast";
import { firstErrorOf } from "~/lib/form-errors";
import { useActionResult } from "~/lib/use-action-result";
import type { EventActionResult } from "./event-actions.server";

export const eventFormAction = (event?: { id: string }) =>
  event ? `/admin/events/${event.id}/edit` : "/admin/events/new";

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
