import type { z } from "zod";
import { jsonError } from "./app-error";
import { getEnv } from "./env.server";
import { CROSS_SITE_MESSAGE, isSameOriginRequest } from "./origin";

/**
 * The one way to write a JSON endpoint (a resource route under /api): every failure is a 4xx with one
 * Swedish message in `{ error }` (plus `fieldErrors` or `field` where a form needs them), written by
 * `jsonError` or, for an AppError, `appErrorJson` (lib/app-error.ts).
 *
 *   export const loader = methodNotAllowed;            // an action-only route
 *   export async function action({ request, params }) {
 *     const refused = allowMethods(request, "POST");  if (refused) return refused;
 *     const id = uuidParam(params.id);                if (!id) return jsonError(404, "… finns inte.");
 *     const body = await readJsonBody(request, schema); if ("response" in body) return body.response;
 *     …
 *   }
 *
 * The server already bounds every body while it streams (server/request-body.ts); `readJsonBody` holds
 * JSON bodies to the endpoint's own, smaller limit, and refuses requests sent by another site.
 */

const DEFAULT_MAX_BODY_BYTES = 16 * 1024;

/** The 405 for a method a route does not take (also the loader of every action-only route). */
export function methodNotAllowed() {
  return jsonError(405, "Metoden stöds inte.");
}

/** The 405 when `request.method` is none of `methods`; undefined when it is one of them. */
export function allowMethods(request: Request, ...methods: string[]): Response | undefined {
  if (methods.includes(request.method)) return undefined;
  const response = methodNotAllowed();
  response.headers.set("Allow", methods.join(", "));
  return response;
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids arrive from URLs and bodies; anything that is not a uuid does not exist (and never reaches SQL). */
export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID_PATTERN.test(value);
}

/** A route's id parameter in its one canonical (lower-case) form, or undefined when it is not a uuid. */
export function uuidParam(value: string | undefined): string | undefined {
  return isUuid(value) ? value.toLowerCase() : undefined;
}

function isJson(request: Request) {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
  return type === "application/json";
}

/**
 * Reads and validates a JSON body. Returns the parsed value, or the Response to send: 403 for a
 * cross-site request, 415 for another content type, 413 as soon as the body passes `maxBytes` (declared or
 * streamed), 400 for malformed JSON or a failed schema (the first problem as the message and every field's
 * first problem in `fieldErrors`).
 */
export async function readJsonBody<S extends z.ZodType>(
  request: Request,
  schema: S,
  maxBytes = DEFAULT_MAX_BODY_BYTES,
): Promise<{ data: z.output<S> } | { response: Response }> {
  // A hostile page can send a "simple" (form-like) request without asking; a real application/json body
  // it sends only after a CORS preflight that we never grant.
  if (!isSameOriginRequest(request, getEnv())) return { response: jsonError(403, CROSS_SITE_MESSAGE) };
  if (!isJson(request)) return { response: jsonError(415, "Förfrågan måste skickas som JSON.") };
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) return { response: jsonError(413, "Förfrågan är för stor.") };
  const bytes = await readBounded(request, maxBytes);
  if (bytes === "too-large") return { response: jsonError(413, "Förfrågan är för stor.") };
  if (bytes === "unreadable") return { response: jsonError(400, "Förfrågan kunde inte läsas.") };
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    return { response: jsonError(400, "Ogiltig JSON i förfrågan.") };
  }
  return validate(schema, body);
}

/** The body's bytes, read chunk by chunk and given up on as soon as they pass `maxBytes`. */
async function readBounded(
  request: Request,
  maxBytes: number,
): Promise<Uint8Array | "too-large" | "unreadable"> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => {});
        return "too-large";
      }
      chunks.push(value);
    }
  } catch {
    return "unreadable";
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
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
