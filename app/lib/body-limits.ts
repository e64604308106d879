/**
 * Room for a form's other fields and its multipart framing beside an image at the upload limit
 * (UPLOAD_MAX_BYTES). The server reads a form body of at most the upload limit plus this and answers a
 * larger one 413 before any action sees it, so the admin forms refuse a file over the limit in the browser.
 */
export const FORM_OVERHEAD_BYTES = 1024 * 1024;
