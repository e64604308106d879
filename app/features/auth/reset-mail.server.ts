import { AsyncLocalStorage } from "node:async_hooks";
import { randomInt } from "node:crypto";
import { z } from "zod";
import { enqueueMail, mailAfterAnswer } from "~/features/mail/public.server";
import { getDb } from "~/lib/db.server";
import { resetCodeMail, resetMail } from "./auth-mails";

/** Password-reset mail. better-auth makes, checks and spends the links (`requestPasswordReset`) and the codes (its email-OTP plugin); this module only writes the mails, under the recipient's cap (features/mail), and never touches better-auth's tables. */

/** Wrong guesses a code survives (the email-OTP plugin's allowedAttempts): the next guess is refused. */
export const RESET_CODE_ATTEMPTS = 3;

/** What a reset mail needs of the better-auth instance: the email-OTP plugin's server-only code maker. */
export type CodeMaker = {
  api: {
    createVerificationOTP: (input: { body: { email: string; type: "forget-password" } }) => Promise<string>;
  };
};

const codeOfThisMail = new AsyncLocalStorage<string>();

/** The email-OTP plugin's `generateOTP`: the code the reset mail being written already carries; otherwise (undefined) the plugin makes its own. */
export function codeOfMailBeingWritten(): string | undefined {
  return codeOfThisMail.getStore();
}

/** One mail with better-auth's link and a code. */
async function mailLinkAndCode(auth: CodeMaker, email: string, link: string): Promise<void> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const queued = await enqueueMail(getDb(), { kind: "password-reset", to: email, ...resetMail(link, code) });
  if (!queued.accepted) return;
  const stored = await codeOfThisMail.run(code, () =>
    auth.api.createVerificationOTP({ body: { email, type: "forget-password" } }),
  );
  if (stored !== code) throw new Error("the email-OTP plugin made another code than the mail carries");
}

/** emailAndPassword.sendResetPassword: the reset mail, queued after the answer. */
export function sendResetMail(auth: CodeMaker, email: string, link: string): void {
  mailAfterAnswer("a password-reset mail", () => mailLinkAndCode(auth, email, link));
}

/** After a reset: a code mailed before it no longer works. */
export async function retireMailedCode(auth: CodeMaker, email: string): Promise<void> {
  await auth.api.createVerificationOTP({ body: { email, type: "forget-password" } });
}

/** The email-OTP plugin's sendVerificationOTP: a code alone, asked for through the code endpoints. */
export function sendCodeMail(email: string, code: string, type: string): void {
  if (type !== "forget-password") return;
  mailAfterAnswer("a password-reset mail", async () => {
    await enqueueMail(getDb(), { kind: "reset-code", to: email, ...resetCodeMail(code) });
  });
}

/** Codes exist only for password resets: a request for a sign-in or verification code is answered as sent and makes nothing, so better-auth's OTP sign-in (which would skip the password) has no code to accept. */
export function answersCodeRequestItself(path: string, body: unknown): boolean {
  if (path !== "/email-otp/send-verification-otp") return false;
  const { email, type } = (body ?? {}) as { email?: unknown; type?: unknown };
  return (
    typeof email === "string" &&
    z.email().safeParse(email.trim().toLowerCase()).success &&
    (type === "sign-in" || type === "email-verification")
  );
}
