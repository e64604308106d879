/**
 * What other features may use from images on the server: storing and discarding an upload. Routes import
 * the feature's own modules; another feature imports only this file.
 */
export {
  discardUploadedImage,
  FORM_OVERHEAD_BYTES,
  saveUploadedImage,
  uploadLimitMessage,
} from "./upload.server";
