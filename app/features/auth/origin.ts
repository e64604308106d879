/**
 * Whether a state-changing request comes from the site itself. Browsers send Origin on every POST (and
 * Sec-Fetch-Site on modern ones); a request with neither is not from a browser and so cannot carry a
 * forged cross-site submission, so it passes.
 */
export function isSameOriginRequest(request: Request, publicUrl: string): boolean {
  const origin = request.headers.get("origin");
  if (origin) return origin === new URL(publicUrl).origin;
  const site = request.headers.get("sec-fetch-site");
  return site === null || site === "same-origin" || site === "none";
}

export function isStateChanging(method: string): boolean {
  return !["GET", "HEAD", "OPTIONS"].includes(method.toUpperCase());
}
