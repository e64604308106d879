import { ImageOff, Trophy } from "lucide-react";
import { useCallback, useState } from "react";
import { responsiveImage } from "~/features/images/public";
import { cn } from "~/lib/cn";

/** Our /images/… get webp variants at ?w=<width>; other URLs are used as they are. */
export function imageSources(url: string): { src: string; srcSet: string | undefined } {
  return { srcSet: undefined, ...responsiveImage(url) };
}

type Props = {
  src: string | null;
  alt: string;
  /** CSS aspect ratio of the box, e.g. "16 / 9"; the box is sized before the image arrives. */
  ratio: "16 / 9" | "1 / 1";
  sizes: string;
  priority?: boolean;
  className?: string;
};

/** The image is in the server's HTML: it loads lazily and decodes off the main thread before hydration. */
export function EventImage({ src, alt, ratio, sizes, priority = false, className }: Props) {
  const [failed, setFailed] = useState(false);
  // An image that failed before hydration attached onError: its load is over and it has no pixels.
  const markFailedIfBroken = useCallback((el: HTMLImageElement | null) => {
    if (el?.complete && el.naturalWidth === 0 && el.currentSrc) setFailed(true);
  }, []);
  const sources = src ? imageSources(src) : null;

  return (
    <div
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
      {sources && failed && (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-1 text-xs text-stone-600 dark:text-stone-300">
          <ImageOff aria-hidden className="size-5" />
          Failed to load image
        </div>
      )}
      {sources && !failed && (
        <img
          src={sources.src}
          srcSet={sources.srcSet}
          sizes={sources.srcSet ? sizes : undefined}
          alt={alt}
          loading={priority ? "eager" : "lazy"}
          decoding="async"
          fetchPriority={priority ? "high" : undefined}
          ref={markFailedIfBroken}
          onError={() => setFailed(true)}
          className="absolute inset-0 h-full w-full object-cover"
        />
      )}
    </div>
  );
}
