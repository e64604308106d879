import { getEnv } from "./env.server";

/**
 * A one-time notice for the page a plain form post returns to (post, then redirect, then get): the action
 * puts it in a short-lived cookie, and the next page render reads it and clears it (root.tsx). The notice is
 * only ever shown to the browser that posted: a request carrying a cookie is neither served from nor stored
 * in the page cache (server/page-cache.ts), and the page that shows it says `no-store`.
 * The value is a feature's own short code (never text that is shown as it is): the feature reads it back.
 */
const FLASH_COOKIE = "quizkvall_flash";
/** Long enough for the redirect that follows, short enough not to greet a later visit. */
const FLASH_MAX_AGE_SECONDS = 60;
const FLASH_VALUE = /^[\w.:-]{1,200}$/;

/** A cookie of this site: path /, HttpOnly, SameSite=Lax, Secure when the site is served over https. */
export function siteCookie(name: string, value: string, maxAgeSeconds: number): string {
  const secure = getEnv().publicUrl.startsWith("https:") ? "; Secure" : "";
  return `${name}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}; Path=/; HttpOnly; SameSite=Lax${secure}`;
}

/** The value of the request's cookie `name`, or null. */
export function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get("cookie");
  if (!header) return null;
  for (const pair of header.split(";")) {
    const at = pair.indexOf("=");
    if (at < 0 || pair.slice(0, at).trim() !== name) continue;
    try {
      return decodeURIComponent(pair.slice(at + 1).trim());
    } catch {
      return null;
    }
  }
  return null;
}

/** The Set-Cookie header that carries `value` to the next page. */
export function flashCookie(value: string): string {
  return siteCookie(FLASH_COOKIE, value, FLASH_MAX_AGE_SECONDS);
}

/**
 * The request's notice (null when it carries one that is not a feature's code) and the headers that clear
 * it and keep its page out of every cache; null when the request carries no notice at all.
 */
export function takeFlash(request: Request): { flash: string | null; headers: Headers } | null {
  const value = readCookie(request, FLASH_COOKIE);
  if (value === null) return null;
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  headers.append("Set-Cookie", siteCookie(FLASH_COOKIE, "", 0));
  return { flash: FLASH_VALUE.test(value) ? value : null, headers };
}
