import { MapPinPlus } from "lucide-react";
import { buttonClasses } from "~/components/ui/button";
import { HoverHint, useHoverHint } from "~/components/ui/hover-hint";
import { LazyMount, lazyWithPreload, useLazyDialog, withPageFallback } from "~/components/ui/lazy-dialog";
import { SUGGESTION_PAGE_PATH } from "./suggestion-page-path";

/** CONTRACT: the 'Saknar du ett quiz?' button (with its hover hint) and the venue suggestion dialog, placed on home. */
const SuggestionDialogBody = lazyWithPreload(() => import("./suggestion-dialog-body"));
const HINT_DELAY_MS = 300;

export function SuggestionDialog({ triggerClassName }: { triggerClassName?: string }) {
  const { isMounted, triggerProps, bodyProps } = useLazyDialog(SuggestionDialogBody);
  const hint = useHoverHint(HINT_DELAY_MS);
  const { formProps, buttonProps } = withPageFallback(SUGGESTION_PAGE_PATH, triggerProps);
  return (
    <>
      <form {...formProps}>
        <button
          {...buttonProps}
          {...hint.triggerProps}
          onPointerEnter={() => {
            triggerProps.onPointerEnter();
            hint.triggerProps.onPointerEnter();
          }}
          onFocus={(event) => {
            triggerProps.onFocus();
            hint.triggerProps.onFocus(event);
          }}
          className={buttonClasses("secondary", triggerClassName)}
        >
          <MapPinPlus aria-hidden className="size-4" />
          Saknar du ett quiz?
        </button>
      </form>
      {hint.open && (
        <HoverHint
          id={hint.hintId}
          anchor={triggerProps.ref}
          className="z-50 rounded-md bg-stone-900 px-3 py-1.5 text-sm text-white shadow-md dark:bg-stone-100 dark:text-stone-900"
          arrowClassName="fill-stone-900 dark:fill-stone-100"
        >
          Saknar du ett quiz? Rapportera det här!
        </HoverHint>
      )}
      <LazyMount isMounted={isMounted}>
        <SuggestionDialogBody {...bodyProps} />
      </LazyMount>
    </>
  );
}
