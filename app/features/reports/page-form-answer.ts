import type { FormFailure } from "~/lib/form-errors";

/** What a report or suggestion page's action answers, as its form reads it (browser-safe). */
export type PageFormAnswer = { ok: true } | (FormFailure & { values: Record<string, string> });
