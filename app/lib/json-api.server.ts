import type { z } from "zod";

/** Helpers for the JSON endpoints under /api: every failure is a 4xx with one clear Swedish message. */

export const DEFAULT_MAX_BODY_BYTES = 16 * 1024;

export function jsonError(status: number, error: string, extra: Record<string, unknown> = {}) {
  return Response.json({ error, ...extra }, { status });
}

/**
 * Reads and validates a JSON body. Returns the parsed value, or the Response to send: 415 for another
 * content type, 413 for an oversized body, 400 for malformed JSON or a failed schema (with the first
 * problem as the message and every field's first problem in `fieldErrors`).
 */
export async function readJsonBody<S extends z.ZodType>(
  request: Request,
  schema: S,
  maxBytes = DEFAULT_MAX_BODY_BYTES,
): Promise<{ data: z.output<S> } | { response: Response }> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!contentType.toLowerCase().includes("application/json"))
    return { response: jsonError(415, "Förfrågan måste skickas som JSON.") };
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) return { response: jsonError(413, "Förfrågan är för stor.") };
  let text: string;
  try {
    text = await request.text();
  } catch {
    return { response: jsonError(400, "Förfrågan kunde inte läsas.") };
  }
  if (new TextEncoder().encode(text).length > maxBytes)
    return { response: jsonError(413, "Förfrågan är för stor.") };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { response: jsonError(400, "Ogiltig JSON i förfrågan.") };
  }
  return validate(schema, body);
}

export function validate<S extends z.ZodType>(
  schema: S,
  value: unknown,
): { data: z.output<S> } | { response: Response } {
  // Schemas carry their own Swedish messages; this catches any issue one of them left unworded.
  const parsed = schema.safeParse(value, { error: () => "Ogiltig förfrågan." });
  if (parsed.success) return { data: parsed.data };
  const fieldErrors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.join(".") || "_";
    fieldErrors[key] ??= issue.message;
  }
  return {
    response: jsonError(400, parsed.error.issues[0]?.message ?? "Ogiltig förfrågan.", { fieldErrors }),
  };
}
