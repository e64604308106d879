import { type Ref, type RefObject, useEffect, useImperativeHandle, useRef, useState } from "react";
import { useBlocker } from "react-router";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { toast } from "~/components/ui/toast";

const UNSAVED_NOTICE =
  "Ändringarna under Kommande kvällar är inte sparade. Spara dem med Spara här nedanför eller släng dem med Avbryt, och tryck sedan Spara ändringar igen.";
const UNSAVED_TOAST = "Spara eller avbryt ändringarna under Kommande kvällar först";

/** What the page's other form asks the dates editor before it saves (the editor is a form of its own). */
export type DatesEditorHandle = {
  /** Whether the editor holds changes not yet saved: collected, typed or a ticked 'Ta bort'. */
  holdsUnsaved: () => boolean;
  /** Says, beside the editor's own buttons, that its changes must be saved or discarded first. */
  warnUnsaved: () => void;
};

/** The editor's side of `DatesEditorHandle`: a refused save of the other form shows the notice (and a toast) and moves focus to it; the notice goes once nothing is unsaved. */
export function useUnsavedNotice(ref: Ref<DatesEditorHandle> | undefined, unsaved: boolean) {
  // Bumped each time another save is refused for these changes.
  const [warned, setWarned] = useState(0);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  useImperativeHandle(
    ref,
    () => ({
      holdsUnsaved: () => unsaved,
      warnUnsaved: () => {
        setWarned((n) => n + 1);
        toast.error("Fel", { description: UNSAVED_TOAST });
      },
    }),
    [unsaved],
  );
  useEffect(() => {
    if (!unsaved) setWarned(0);
  }, [unsaved]);
  useEffect(() => {
    if (warned > 0) noticeRef.current?.focus();
  }, [warned]);
  return { shown: warned > 0 && unsaved, noticeRef };
}

export function UnsavedNotice({
  shown,
  noticeRef,
}: {
  shown: boolean;
  noticeRef: RefObject<HTMLParagraphElement | null>;
}) {
  if (!shown) return null;
  return (
    <p
      ref={noticeRef}
      tabIndex={-1}
      role="alert"
      className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900 dark:bg-amber-950 dark:text-amber-100"
    >
      {UNSAVED_NOTICE}
    </p>
  );
}

/** Keeps the dates editor's unsaved changes from being lost without a word: while `unsaved`, a link or the browser's back button inside the app asks first ('Lämna sidan?'), and closing or reloading the tab gets the browser's own warning (`beforeunload`). */
export function UnsavedNightsGuard({ unsaved }: { unsaved: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsaved &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  // Set while the visitor has chosen to leave, so the dialog's closing does not take it back.
  const leaving = useRef(false);

  useEffect(() => {
    if (blocker.state === "blocked" && !unsaved) blocker.reset();
    if (blocker.state === "unblocked") leaving.current = false;
  }, [blocker, unsaved]);

  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show their warning only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [unsaved]);

  return (
    <ConfirmDialog
      open={blocker.state === "blocked"}
      onOpenChange={(open) => {
        if (!open && !leaving.current && blocker.state === "blocked") blocker.reset();
      }}
      title="Lämna sidan?"
      description="Ändringarna under Kommande kvällar är inte sparade och försvinner om du lämnar sidan."
      confirmLabel="Lämna sidan"
      onConfirm={() => {
        leaving.current = true;
        blocker.proceed?.();
      }}
    />
  );
}
