/**
 * CONTRACT (issue 4 implements it): the 'Rapportera problem' button and dialog for one event, placed on
 * cards and the event page.
 */
export type ReportDialogProps = { eventId: string; eventTitle: string; triggerClassName?: string };

export function ReportDialog(_props: ReportDialogProps) {
  return null;
}
