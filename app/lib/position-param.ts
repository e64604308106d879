/**
 * A visitor's position travels only in the address of the page that uses it (`?nara=57.709,11.975`, features/
 * places). It is never stored: the request log redacts it (log-redaction.ts), and an answer to a request
 * that carries it is private, so neither the page cache nor a proxy or CDN in front keeps it
 * (server/page-cache.ts, server/private-answers.ts; docs/decisions/061).
 */
export const POSITION_PARAM = "nara";

/** Whether a request URL (a path with its query) carries a position parameter, whatever its value. */
export function carriesPosition(url: string | undefined): boolean {
  if (!url) return false;
  const q = url.indexOf("?");
  if (q < 0) return false;
  const hash = url.indexOf("#", q);
  const query = url.slice(q + 1, hash < 0 ? undefined : hash);
  return query.split("&").some((pair) => {
    const name = pair.split("=", 1)[0] ?? "";
    try {
      return decodeURIComponent(name.replace(/\+/g, " ")).toLowerCase() === POSITION_PARAM;
    } catch {
      return name.toLowerCase() === POSITION_PARAM;
    }
  });
}
