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

/** Dialogs are rarely opened: the trigger renders at once, the dialog's module loads on hover or focus and mounts on first open. */

export type LazyDialogBodyProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  contentId: string;
  /** Radix returns focus only to its own trigger. */
  onCloseAutoFocus: (event: Event) => void;
};

export type Preloadable<P> = LazyExoticComponent<ComponentType<P>> & { preload: () => Promise<unknown> };

export function lazyWithPreload<P>(load: () => Promise<{ default: ComponentType<P> }>): Preloadable<P> {
  let promise: Promise<{ default: ComponentType<P> }> | undefined;
  const loadOnce = () => {
    promise ??= load();
    return promise;
  };
  return Object.assign(lazy(loadOnce), { preload: loadOnce });
}

/** The same ARIA and data attributes Radix gives its dialog trigger. */
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

/** Without JavaScript the trigger submits a GET form to `href`, the same form as a page. */
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

/** The body stays mounted after the first open, so the dialog keeps its close animation. */
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

export function LazyMount({ isMounted, children }: { isMounted: boolean; children: ReactNode }) {
  return isMounted ? <Suspense fallback={null}>{children}</Suspense> : null;
}
