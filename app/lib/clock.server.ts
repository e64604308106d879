import { getEnv } from "./env.server";

/**
 * The server's "now" for one request. Pages that depend on the date (tonight, next night, feeds) read it
 * here, so tests can run at any date: with TEST_CLOCK on (never in a real deployment) a request may carry
 * the cookie `quizkvall_now=<ISO instant>`, matching the browser clock the test sets.
 */
const TEST_NOW_COOKIE = "quizkvall_now";

export function requestNow(request: Request): Date {
  if (getEnv().TEST_CLOCK) {
    const cookie = request.headers.get("cookie") ?? "";
    const value = new RegExp(`(?:^|;\\s*)${TEST_NOW_COOKIE}=([^;]+)`).exec(cookie)?.[1];
    if (value) {
      const at = new Date(decodeURIComponent(value));
      if (!Number.isNaN(at.getTime())) return at;
    }
  }
  return new Date();
}
