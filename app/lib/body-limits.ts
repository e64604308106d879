/** Multipart room beside a maximal image: larger bodies get a 413 before any action sees them. */
export const FORM_OVERHEAD_BYTES = 1024 * 1024;
