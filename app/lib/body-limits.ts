/**
 * Room for a form's other fields and its multipart framing beside an image at the upload limit
 * (UPLOAD_MAX_BYTES). The server reads a form body of at most the upload limit plus this, and the admin
 * forms refuse a declared length above the same sum with their own message.
 */
export const FORM_OVERHEAD_BYTES = 1024 * 1024;
