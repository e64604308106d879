import { type Ref, type RefObject, useEffect, useImperativeHandle, useRef, useState } from "react";
import { useBlocker } from "react-router";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { toast } from "~/components/ui/toast";

const UNSAVED_NOTICE =
  "Ändringarna under Kommande kvällar är inte sparade. Spara dem med Spara här nedanför eller släng dem med Avbryt, och tryck sedan Spara ändringar igen.";
const UNSAVED_TOAST = "Spara eller avbryt ändringarna under Kommande kvällar först";

/** The editor is a form of its own, asked before the page's other form saves. */
export type DatesEditorHandle = {
  holdsUnsaved: () => boolean;
  warnUnsaved: () => void;
};

export function useUnsavedNotice(ref: Ref<DatesEditorHandle> | undefined, unsaved: boolean) {
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

/** In-app navigation asks first ('Lämna sidan?'); closing or reloading the tab gets the browser's `beforeunload` warning. */
export function UnsavedNightsGuard({ unsaved }: { unsaved: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsaved &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  // So the dialog's closing does not take the leave back.
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
