import { isVariantWidth, VARIANT_WIDTHS } from "~/lib/storage";

/** Resized variants served by the image route: these widths only, webp, quality 80, cover. */
const IMAGE_WIDTHS = VARIANT_WIDTHS;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];
export const VARIANT_QUALITY = 80;

export const isImageWidth: (value: number) => value is ImageWidth = isVariantWidth;

/** True for images on the site's own storage, which the variant endpoint can resize. */
function isStoredImage(url: string | null | undefined): url is string {
  return typeof url === "string" && url.startsWith("/images/");
}

function variantUrl(url: string, width: ImageWidth): string {
  return `${url}?w=${width}`;
}

/** `src` and `srcSet` for an <img>: variants for stored images, the URL as it is for external ones. */
export function responsiveImage(url: string, defaultWidth: ImageWidth = 640) {
  if (!isStoredImage(url)) return { src: url };
  return {
    src: variantUrl(url, defaultWidth),
    srcSet: IMAGE_WIDTHS.map((w) => `${variantUrl(url, w)} ${w}w`).join(", "),
  };
}
