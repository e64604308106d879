/** PostgreSQL refuses NUL and people never type controls; a zero-width joiner between emoji is allowed. */
const SINGLE_LINE_FORBIDDEN =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  /[\u0000-\u0008\u000A-\u001F\u007F-\u009F\u061C\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/;
const MULTI_LINE_FORBIDDEN =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u061C\u200B\u200C\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/;

const ZERO_WIDTH_JOINER = "\u200D";
// The emoji, its skin tone, or its emoji-style selector.
const EMOJI_BEFORE_JOINER = /(?:\p{Extended_Pictographic}|\p{Emoji_Modifier}|\uFE0F)$/u;
const EMOJI_AFTER_JOINER = /^\p{Extended_Pictographic}/u;

export const CONTROL_CHARACTERS_MESSAGE = "Texten innehåller otillåtna tecken.";

function joinsOnlyEmoji(value: string): boolean {
  for (let i = value.indexOf(ZERO_WIDTH_JOINER); i !== -1; i = value.indexOf(ZERO_WIDTH_JOINER, i + 1)) {
    // Two code units: an emoji outside the BMP is a surrogate pair.
    const before = value.slice(Math.max(0, i - 2), i);
    const after = value.slice(i + 1, i + 3);
    if (!EMOJI_BEFORE_JOINER.test(before) || !EMOJI_AFTER_JOINER.test(after)) return false;
  }
  return true;
}

export function hasControlCharacters(value: string, options: { multiline?: boolean } = {}): boolean {
  if (!options.multiline) return SINGLE_LINE_FORBIDDEN.test(value);
  return MULTI_LINE_FORBIDDEN.test(value) || !joinsOnlyEmoji(value);
}

export function containsControlCharacters(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return hasControlCharacters(value, { multiline: true });
  if (depth > 20 || value === null || typeof value !== "object") return false;
  const entries = Array.isArray(value) ? value : Object.entries(value).flat();
  return entries.some((v) => containsControlCharacters(v, depth + 1));
}
