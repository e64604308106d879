/** RFC 9110 §13: If-None-Match (weak) wins; else If-Modified-Since, to the second. */
export type Validators = { etag: string; lastModified?: Date };

function opaque(tag: string): string {
  return tag.trim().replace(/^W\//, "");
}

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

export function validatorHeaders(validators: Validators): Record<string, string> {
  return {
    ETag: validators.etag,
    ...(validators.lastModified ? { "Last-Modified": validators.lastModified.toUTCString() } : {}),
  };
}

export function notModified(validators: Validators, headers: Record<string, string> = {}): Response {
  return new Response(null, { status: 304, headers: { ...headers, ...validatorHeaders(validators) } });
}
