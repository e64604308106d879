import { getEnv } from "./env.server";

/**
 * A one-time notice after post/redirect/get, in a short-lived cookie. Only the posting browser sees it:
 * cookie requests bypass the page cache. The value is a feature's short code, never shown text.
 */
const FLASH_COOKIE = "quizkvall_flash";
const FLASH_MAX_AGE_SECONDS = 60;
const FLASH_VALUE = /^[\w.:-]{1,200}$/;

export function siteCookie(name: string, value: string, maxAgeSeconds: number, path = "/"): string {
  const secure = getEnv().publicUrl.startsWith("https:") ? "; Secure" : "";
  return `${name}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}; Path=${path}; HttpOnly; SameSite=Lax${secure}`;
}

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

export function flashCookie(value: string): string {
  return siteCookie(FLASH_COOKIE, value, FLASH_MAX_AGE_SECONDS);
}

/** Null without a notice; the headers clear it and keep its page out of every cache. */
export function takeFlash(request: Request): { flash: string | null; headers: Headers } | null {
  const value = readCookie(request, FLASH_COOKIE);
  if (value === null) return null;
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  headers.append("Set-Cookie", siteCookie(FLASH_COOKIE, "", 0));
  return { flash: FLASH_VALUE.test(value) ? value : null, headers };
}
