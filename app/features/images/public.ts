export { responsiveImage } from "./image-variants";
export { UploadLimitContext, useImageSizeGuard } from "./upload-limit";
