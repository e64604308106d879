/**
 * Text typed by people never carries control characters, and PostgreSQL refuses NUL (\u0000) outright,
 * so every text field of every schema goes through these helpers: refused with one Swedish message
 * before anything reaches the database.
 *
 * Single-line fields refuse every C0 control (including line breaks) except the tab a paste can bring,
 * DEL and every C1 control. Multi-line fields also allow the ordinary line break (\n, \r).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u0008\u000A-\u001F\u007F-\u009F]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

export const CONTROL_CHARACTERS_MESSAGE = "Texten innehåller otillåtna tecken.";

export function hasControlCharacters(value: string, options: { multiline?: boolean } = {}): boolean {
  return (options.multiline ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN).test(value);
}

/** Whether any string anywhere in a parsed JSON value carries a control character (line breaks allowed). */
export function containsControlCharacters(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return hasControlCharacters(value, { multiline: true });
  if (depth > 20 || value === null || typeof value !== "object") return false;
  const entries = Array.isArray(value) ? value : Object.entries(value).flat();
  return entries.some((v) => containsControlCharacters(v, depth + 1));
}
