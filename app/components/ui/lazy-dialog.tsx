import {
  type ComponentType,
  type FormEvent,
  type LazyExoticComponent,
  lazy,
  type ReactNode,
  type RefObject,
  Suspense,
  useCallback,
  useId,
  useRef,
  useState,
} from "react";

/**
 * Dialogs are rarely opened, so their code (Radix, the form, the schemas) is not part of the first page
 * load: the trigger is a plain button rendered at once, and the dialog's module is fetched when the
 * pointer or focus reaches the trigger and mounted on the first open.
 */

/** What a lazily loaded dialog body receives from its trigger. */
export type LazyDialogBodyProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The id for the dialog content, which the trigger names in aria-controls while open. */
  contentId: string;
  /** Radix returns focus only to its own trigger: this puts it back on ours when the dialog closes. */
  onCloseAutoFocus: (event: Event) => void;
};

export type Preloadable<P> = LazyExoticComponent<ComponentType<P>> & { preload: () => Promise<unknown> };

/** React.lazy with a preload() that starts the download early (once). */
export function lazyWithPreload<P>(load: () => Promise<{ default: ComponentType<P> }>): Preloadable<P> {
  let promise: Promise<{ default: ComponentType<P> }> | undefined;
  const loadOnce = () => {
    promise ??= load();
    return promise;
  };
  return Object.assign(lazy(loadOnce), { preload: loadOnce });
}

/** The props a trigger button needs: the same ARIA and data attributes Radix gives its dialog trigger. */
type LazyDialogTriggerProps = {
  ref: RefObject<HTMLButtonElement | null>;
  type: "button";
  "aria-haspopup": "dialog";
  "aria-expanded": boolean;
  "aria-controls": string | undefined;
  "data-state": "open" | "closed";
  onClick: () => void;
  onPointerEnter: () => void;
  onFocus: () => void;
};

/**
 * A dialog whose form is also a page (`href`), for browsers without JavaScript: its trigger becomes the
 * submit button of a GET form to that page (`formProps` on a form around the button), which opens the
 * dialog instead once the code is in.
 */
export function withPageFallback(href: string, triggerProps: LazyDialogTriggerProps) {
  const { onClick, ...button } = triggerProps;
  return {
    formProps: {
      method: "get" as const,
      action: href,
      className: "contents",
      onSubmit: (event: FormEvent) => {
        event.preventDefault();
        onClick();
      },
    },
    buttonProps: { ...button, type: "submit" as const },
  };
}

/**
 * Controlled open state for a lazy dialog. The body stays mounted after the first open so the dialog
 * keeps its close animation and its own state handling.
 */
export function useLazyDialog(body: { preload: () => Promise<unknown> }) {
  const [open, setOpen] = useState(false);
  const [isMounted, setIsMounted] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const contentId = useId();
  const preload = body.preload;

  const onOpenChange = useCallback((next: boolean) => {
    if (next) setIsMounted(true);
    setOpen(next);
  }, []);
  const onCloseAutoFocus = useCallback((event: Event) => {
    event.preventDefault();
    triggerRef.current?.focus();
  }, []);

  const triggerProps: LazyDialogTriggerProps = {
    ref: triggerRef,
    type: "button",
    "aria-haspopup": "dialog",
    "aria-expanded": open,
    "aria-controls": open ? contentId : undefined,
    "data-state": open ? "open" : "closed",
    onClick: () => onOpenChange(true),
    onPointerEnter: () => void preload(),
    onFocus: () => void preload(),
  };
  const bodyProps: LazyDialogBodyProps = { open, onOpenChange, contentId, onCloseAutoFocus };
  return { open, isMounted, triggerProps, bodyProps };
}

/** Mounts a lazy body once it has been opened; nothing is shown while its module loads. */
export function LazyMount({ isMounted, children }: { isMounted: boolean; children: ReactNode }) {
  return isMounted ? <Suspense fallback={null}>{children}</Suspense> : null;
}
