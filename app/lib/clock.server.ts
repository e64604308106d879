import { getEnv } from "./env.server";

/** With TEST_CLOCK (never deployed) a request may carry this cookie, so tests run at any date. */
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
