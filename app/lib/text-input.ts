import { z } from "zod";
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters } from "./control-characters";

// The rules themselves live in control-characters.ts, which needs no zod (the browser checks addresses with
// them); these are the zod fields every schema builds its text from.
export {
  CONTROL_CHARACTERS_MESSAGE,
  containsControlCharacters,
  hasControlCharacters,
} from "./control-characters";

type StringParams = Parameters<typeof z.string>[0];

/** A single-line text field: z.string(params) that refuses control characters. Chain trim/min/max on it. */
export function lineText(params?: StringParams) {
  return z
    .string(params)
    .refine((v) => !hasControlCharacters(v), { error: CONTROL_CHARACTERS_MESSAGE, abort: true });
}

/** A multi-line text field: like lineText, but line breaks and tabs are kept. */
export function multilineText(params?: StringParams) {
  return z.string(params).refine((v) => !hasControlCharacters(v, { multiline: true }), {
    error: CONTROL_CHARACTERS_MESSAGE,
    abort: true,
  });
}
