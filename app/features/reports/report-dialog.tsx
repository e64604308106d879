import { Flag } from "lucide-react";
import { LazyMount, lazyWithPreload, useLazyDialog, withPageFallback } from "~/components/ui/lazy-dialog";
import { cn } from "~/lib/cn";

/** CONTRACT: the 'Rapportera problem' button and dialog for one event, placed on cards and the event page. */
export type ReportDialogProps = {
  eventId: string;
  eventTitle: string;
  eventPath: string;
  triggerClassName?: string;
};

const ReportDialogBody = lazyWithPreload(() => import("./report-dialog-body"));

export function ReportDialog({ eventId, eventTitle, eventPath, triggerClassName }: ReportDialogProps) {
  const { isMounted, triggerProps, bodyProps } = useLazyDialog(ReportDialogBody);
  const { formProps, buttonProps } = withPageFallback(`${eventPath}/rapportera`, triggerProps);
  return (
    <>
      <form {...formProps}>
        <button
          {...buttonProps}
          className={cn(
            "inline-flex min-h-10 items-center gap-1.5 rounded-lg px-2 text-sm font-medium text-stone-600 hover:bg-stone-100 hover:text-stone-900 dark:text-stone-400 dark:hover:bg-stone-800 dark:hover:text-stone-100",
            triggerClassName,
          )}
          aria-label={`Rapportera problem med ${eventTitle}`}
        >
          <Flag aria-hidden className="size-4" />
          Rapportera problem
        </button>
      </form>
      <LazyMount isMounted={isMounted}>
        <ReportDialogBody eventId={eventId} eventTitle={eventTitle} eventPath={eventPath} {...bodyProps} />
      </LazyMount>
    </>
  );
}
