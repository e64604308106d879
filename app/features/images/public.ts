/**
 * What other features may use from images in the browser: the upload limit a page gives its forms, and
 * the guard that refuses a file over it before the form is posted.
 */
export { UploadLimitContext, useImageSizeGuard } from "./upload-limit";
