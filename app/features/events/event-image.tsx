import { ImageOff, Trophy } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { cn } from "~/lib/cn";

/** The variant widths and the lazy-load margin. */
const IMAGE_WIDTHS = [320, 640, 1024, 1920] as const;
const LAZY_MARGIN_PX = 50;

/**
 * For images on our storage (/images/…) the variant endpoint serves webp at ?w=<width>; any other URL
 * is used as it is.
 */
export function imageSources(url: string) {
  if (!url.startsWith("/images/")) return { src: url, srcSet: undefined };
  return {
    src: `${url}?w=${IMAGE_WIDTHS[1]}`,
    srcSet: IMAGE_WIDTHS.map((w) => `${url}?w=${w} ${w}w`).join(", "),
  };
}

type Props = {
  src: string | null;
  alt: string;
  /** CSS aspect ratio of the box, e.g. "16 / 9"; the box is sized before the image arrives. */
  ratio: "16 / 9" | "1 / 1";
  sizes: string;
  /** Above the fold: load at once with high priority. */
  priority?: boolean;
  className?: string;
};

/**
 * A fixed-ratio box that loads its image when it comes within 50 px of the viewport, over a blurred
 * placeholder, then fades it in. Without JavaScript the browser's own lazy loading takes over. A priority
 * image (above the fold) is visible from the server's HTML on: hidden until hydration and its load event,
 * it would be the page's largest paint, seconds late on a phone.
 */
export function EventImage({ src, alt, ratio, sizes, priority = false, className }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(priority);
  const [state, setState] = useState<"loading" | "loaded" | "error">("loading");

  useEffect(() => {
    if (near || !box.current) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: `${LAZY_MARGIN_PX}px` },
    );
    observer.observe(box.current);
    return () => observer.disconnect();
  }, [near]);

  // An image served from cache can finish before hydration attaches onLoad. The ref is stable, so React
  // calls it once per element rather than on every render, and it only ever moves "loading" on.
  const markLoadedIfComplete = useCallback((el: HTMLImageElement | null) => {
    if (el?.complete && el.naturalWidth > 0) setState((s) => (s === "loading" ? "loaded" : s));
  }, []);

  const sources = src ? imageSources(src) : null;
  const img = (lazy: boolean) =>
    sources && (
      <img
        src={sources.src}
        srcSet={sources.srcSet}
        sizes={sources.srcSet ? sizes : undefined}
        alt={alt}
        loading={lazy ? "lazy" : "eager"}
        decoding="async"
        fetchPriority={priority ? "high" : undefined}
        ref={markLoadedIfComplete}
        onLoad={() => setState("loaded")}
        onError={() => setState("error")}
        className={cn(
          "absolute inset-0 h-full w-full object-cover transition-[opacity,filter] duration-500",
          lazy || priority || state === "loaded" ? "opacity-100 blur-0" : "opacity-0 blur-md",
        )}
      />
    );

  return (
    <div
      ref={box}
      style={{ aspectRatio: ratio }}
      className={cn(
        "relative overflow-hidden bg-gradient-to-br from-brand-100 via-stone-200 to-brand-200 dark:from-stone-800 dark:via-stone-900 dark:to-brand-900",
        className,
      )}
    >
      {!sources && (
        <div className="absolute inset-0 grid place-items-center text-brand-700/60 dark:text-brand-300/60">
          <Trophy aria-hidden className="size-10" />
        </div>
      )}
      {sources && state === "error" && (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-1 text-xs text-stone-600 dark:text-stone-300">
          <ImageOff aria-hidden className="size-5" />
          Failed to load image
        </div>
      )}
      {sources && state !== "error" && (near ? img(false) : <noscript>{img(true)}</noscript>)}
    </div>
  );
}
