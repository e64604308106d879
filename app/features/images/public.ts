/**
 * What other features may use from images in the browser: the upload limit a page gives its forms, the
 * guard that refuses a file over it before the form is posted, and an image's `src` and `srcSet`.
 */
export { responsiveImage } from "./image-variants";
export { UploadLimitContext, useImageSizeGuard } from "./upload-limit";
