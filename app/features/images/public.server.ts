export { releaseImages } from "./image-lifecycle.server";
export { discardUploadedImage, saveUploadedImage } from "./upload.server";
