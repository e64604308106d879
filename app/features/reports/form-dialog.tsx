import { useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { DialogClose } from "~/components/ui/dialog";

/** How long a dialog shows its thank-you panel before it closes. */
const THANKS_CLOSE_MS = 2000;

/** The dialogs' 'Avbryt', beside their submit button. */
export const dialogCancel = (
  <DialogClose asChild>
    <Button variant="secondary">Avbryt</Button>
  </DialogClose>
);

/**
 * The open state of a dialog holding a report or suggestion form: closing it starts the form afresh (a new
 * `formKey` mounts a new form, with a fetcher of its own, so a late answer never shows in the next one),
 * and `closeAfterThanks` closes it once the thank-you panel has been read.
 */
export function useFormDialog(onOpenChange: (open: boolean) => void) {
  const [formKey, setFormKey] = useState(0);
  const closeTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  function handleOpenChange(next: boolean) {
    onOpenChange(next);
    if (next) return;
    window.clearTimeout(closeTimer.current);
    setFormKey((key) => key + 1);
  }

  function closeAfterThanks() {
    window.clearTimeout(closeTimer.current);
    closeTimer.current = window.setTimeout(() => handleOpenChange(false), THANKS_CLOSE_MS);
  }

  return { formKey, handleOpenChange, closeAfterThanks };
}
