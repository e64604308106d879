import { z } from "zod";
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters } from "./control-characters";

// The rules live in control-characters.ts, which needs no zod, so the browser can use them alone.
export {
  CONTROL_CHARACTERS_MESSAGE,
  containsControlCharacters,
  hasControlCharacters,
} from "./control-characters";

type StringParams = Parameters<typeof z.string>[0];

/** Refuses control characters. Chain trim/min/max on it. */
export function lineText(params?: StringParams) {
  return z
    .string(params)
    .refine((v) => !hasControlCharacters(v), { error: CONTROL_CHARACTERS_MESSAGE, abort: true });
}

/** Keeps line breaks and tabs. */
export function multilineText(params?: StringParams) {
  return z.string(params).refine((v) => !hasControlCharacters(v, { multiline: true }), {
    error: CONTROL_CHARACTERS_MESSAGE,
    abort: true,
  });
}
