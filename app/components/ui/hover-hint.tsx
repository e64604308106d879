import {
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { createPortal } from "react-dom";

/** As Radix Tooltip draws them. */
const SIDE_OFFSET_PX = 6;
const ARROW_WIDTH_PX = 10;
const ARROW_HEIGHT_PX = 5;
const VIEWPORT_MARGIN_PX = 4;

type HintPosition = { top: number; left: number; arrowLeft: number };

/** A few lines instead of Radix Tooltip, so it costs nothing on the first page load. */
export function useHoverHint(delayMs: number) {
  const [open, setOpen] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const isPointerDown = useRef(false);
  const hintId = useId();

  const hide = useCallback(() => {
    window.clearTimeout(timer.current);
    setOpen(false);
  }, []);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const triggerProps = {
    "aria-describedby": open ? hintId : undefined,
    onPointerEnter: () => {
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setOpen(true), delayMs);
    },
    onPointerLeave: hide,
    onPointerDown: () => {
      isPointerDown.current = true;
      hide();
    },
    onPointerUp: () => {
      isPointerDown.current = false;
    },
    onFocus: (event: FocusEvent<HTMLElement>) => {
      // Focus from a press is not a request for the hint; keyboard focus is.
      if (!isPointerDown.current && event.currentTarget.matches(":focus-visible")) setOpen(true);
    },
    onBlur: hide,
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      if (event.key === "Escape" && open) hide();
    },
  };
  return { open, hintId, triggerProps };
}

export function HoverHint({
  id,
  anchor,
  children,
  className,
  arrowClassName,
}: {
  id: string;
  anchor: RefObject<HTMLElement | null>;
  children: ReactNode;
  className?: string;
  arrowClassName?: string;
}) {
  const hint = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState<HintPosition | null>(null);

  useLayoutEffect(() => {
    const place = () => {
      if (!anchor.current || !hint.current) return;
      const rect = anchor.current.getBoundingClientRect();
      const width = hint.current.offsetWidth;
      const center = rect.left + rect.width / 2;
      const maxLeft = document.documentElement.clientWidth - width - VIEWPORT_MARGIN_PX;
      const left = Math.max(VIEWPORT_MARGIN_PX, Math.min(center - width / 2, maxLeft));
      setPosition({
        top: rect.bottom + SIDE_OFFSET_PX + ARROW_HEIGHT_PX,
        left,
        arrowLeft: center - left - ARROW_WIDTH_PX / 2,
      });
    };
    place();
    window.addEventListener("scroll", place, { passive: true });
    window.addEventListener("resize", place);
    return () => {
      window.removeEventListener("scroll", place);
      window.removeEventListener("resize", place);
    };
  }, [anchor]);

  return createPortal(
    <div
      ref={hint}
      id={id}
      role="tooltip"
      className={className}
      style={{
        position: "fixed",
        top: position?.top ?? 0,
        left: position?.left ?? 0,
        visibility: position ? "visible" : "hidden",
      }}
    >
      {children}
      <svg
        aria-hidden
        width={ARROW_WIDTH_PX}
        height={ARROW_HEIGHT_PX}
        viewBox="0 0 30 10"
        preserveAspectRatio="none"
        className={arrowClassName}
        style={{
          position: "absolute",
          top: -ARROW_HEIGHT_PX,
          left: position?.arrowLeft ?? 0,
          transform: "rotate(180deg)",
        }}
      >
        <polygon points="0,0 30,0 15,10" />
      </svg>
    </div>,
    document.body,
  );
}
