import type { z } from "zod";
import { jsonError } from "./app-error";
import { getEnv } from "./env.server";
import { CROSS_SITE_MESSAGE, isSameOriginRequest } from "./origin";

/**
 * JSON endpoints: every failure is a 4xx with one Swedish message in `{ error }` (lib/app-error.ts).
 * The server bounds every body (server/request-body.ts); readJsonBody applies the endpoint's smaller limit.
 */

const DEFAULT_MAX_BODY_BYTES = 16 * 1024;

/** Also the loader of every action-only route. */
export function methodNotAllowed() {
  return jsonError(405, "Metoden stöds inte.");
}

export function allowMethods(request: Request, ...methods: string[]): Response | undefined {
  if (methods.includes(request.method)) return undefined;
  const response = methodNotAllowed();
  response.headers.set("Allow", methods.join(", "));
  return response;
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Anything that is not a uuid does not exist (and never reaches SQL). */
export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID_PATTERN.test(value);
}

export function uuidParam(value: string | undefined): string | undefined {
  return isUuid(value) ? value.toLowerCase() : undefined;
}

function isJson(request: Request) {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
  return type === "application/json";
}

export async function readJsonBody<S extends z.ZodType>(
  request: Request,
  schema: S,
  maxBytes = DEFAULT_MAX_BODY_BYTES,
): Promise<{ data: z.output<S> } | { response: Response }> {
  // A hostile page can send a form-like request without a preflight; a real JSON body needs one we never grant.
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
