/** When a mail that could not be delivered is tried again. */
export type RetryPolicy = { firstDelayMs: number; maxDelayMs: number; giveUpAfterMs: number };

export const MAIL_RETRY: RetryPolicy = {
  firstDelayMs: 5_000,
  maxDelayMs: 10 * 60_000,
  giveUpAfterMs: 2 * 24 * 60 * 60_000,
};

/** The wait after the given number of failed attempts (1 after the first). */
export function retryDelayMs(failedAttempts: number, policy: RetryPolicy = MAIL_RETRY): number {
  const doublings = Math.min(Math.max(failedAttempts - 1, 0), 30);
  return Math.min(policy.firstDelayMs * 2 ** doublings, policy.maxDelayMs);
}

/** What a failed delivery means: - `refused`: the server refused this mail for good (a 5xx reply to its sender, recipient or content); trying again would get the same answer. - `unavailable`: no SMTP conversation took place (no connection, a timeout, a greeting that refused, 421): the server is down or busy, and other mails would fail the same way just now. - `failed`: anything else (a 4xx reply, a lost connection in mid-message); worth another attempt. */
export type SendFailure = "refused" | "unavailable" | "failed";

type SmtpError = { code?: unknown; responseCode?: unknown; command?: unknown; permanent?: unknown };

const CONNECTION_CODES = new Set(["ECONNECTION", "ESOCKET", "ETIMEDOUT", "EDNS", "ETLS", "EPROXY"]);

export function classifySendError(error: unknown): SendFailure {
  const e = (typeof error === "object" && error !== null ? error : {}) as SmtpError;
  if (e.permanent === true && (e.code === "EENVELOPE" || e.code === "EMESSAGE")) return "refused";
  if (e.responseCode === 421 || e.command === "CONN") return "unavailable";
  if (typeof e.code === "string" && CONNECTION_CODES.has(e.code) && e.command === undefined)
    return "unavailable";
  return "failed";
}
