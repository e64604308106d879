/**
 * What other features may use from images on the server: storing and discarding an upload, and releasing
 * the images a committed save stopped using. Routes import the feature's own modules; another feature
 * imports only this file.
 */
export { releaseImages } from "./image-lifecycle.server";
export { discardUploadedImage, saveUploadedImage } from "./upload.server";
