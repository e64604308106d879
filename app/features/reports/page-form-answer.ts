import type { FormFailure } from "~/lib/form-errors";

export type PageFormAnswer = { ok: true } | (FormFailure & { values: Record<string, string> });
