/**
 * Conditional GET (RFC 9110 §13): an answer whose validators the client already holds is a bodiless 304.
 * If-None-Match decides when the request has it (weak comparison: W/"x" matches "x"); otherwise
 * If-Modified-Since does, to the second, as HTTP dates carry no more.
 */
export type Validators = { etag: string; lastModified?: Date };

function opaque(tag: string): string {
  return tag.trim().replace(/^W\//, "");
}

/** Whether the request's conditions say the client's copy is still this one. */
export function isNotModified(headers: Headers, validators: Validators): boolean {
  const noneMatch = headers.get("if-none-match");
  if (noneMatch !== null) {
    const wanted = opaque(validators.etag);
    return noneMatch.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === wanted);
  }
  const since = headers.get("if-modified-since");
  if (since === null || !validators.lastModified) return false;
  const sinceMs = Date.parse(since);
  if (Number.isNaN(sinceMs)) return false;
  return Math.floor(validators.lastModified.getTime() / 1000) <= Math.floor(sinceMs / 1000);
}

/** The validator headers of a cacheable answer (on the 200 and on the 304 alike). */
export function validatorHeaders(validators: Validators): Record<string, string> {
  return {
    ETag: validators.etag,
    ...(validators.lastModified ? { "Last-Modified": validators.lastModified.toUTCString() } : {}),
  };
}

/** The bodiless 304, carrying the validators and the caching headers the 200 would have had. */
export function notModified(validators: Validators, headers: Record<string, string> = {}): Response {
  return new Response(null, { status: 304, headers: { ...headers, ...validatorHeaders(validators) } });
}
