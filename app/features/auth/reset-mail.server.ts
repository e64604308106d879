import { AsyncLocalStorage } from "node:async_hooks";
import { randomInt } from "node:crypto";
import { z } from "zod";
import { enqueueMail, mailAfterAnswer } from "~/features/mail/public.server";
import { getDb } from "~/lib/db.server";
import { resetCodeMail, resetMail } from "./auth-mails";

/** better-auth makes, checks and spends the links and codes; this module only writes the mails and never touches its tables. */

/** The email-OTP plugin's allowedAttempts. */
export const RESET_CODE_ATTEMPTS = 3;

export type CodeMaker = {
  api: {
    createVerificationOTP: (input: { body: { email: string; type: "forget-password" } }) => Promise<string>;
  };
};

const codeOfThisMail = new AsyncLocalStorage<string>();

/** Otherwise (undefined) the plugin makes its own. */
export function codeOfMailBeingWritten(): string | undefined {
  return codeOfThisMail.getStore();
}

async function mailLinkAndCode(auth: CodeMaker, email: string, link: string): Promise<void> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const queued = await enqueueMail(getDb(), { kind: "password-reset", to: email, ...resetMail(link, code) });
  if (!queued.accepted) return;
  const stored = await codeOfThisMail.run(code, () =>
    auth.api.createVerificationOTP({ body: { email, type: "forget-password" } }),
  );
  if (stored !== code) throw new Error("the email-OTP plugin made another code than the mail carries");
}

export function sendResetMail(auth: CodeMaker, email: string, link: string): void {
  mailAfterAnswer("a password-reset mail", () => mailLinkAndCode(auth, email, link));
}

export async function retireMailedCode(auth: CodeMaker, email: string): Promise<void> {
  await auth.api.createVerificationOTP({ body: { email, type: "forget-password" } });
}

export function sendCodeMail(email: string, code: string, type: string): void {
  if (type !== "forget-password") return;
  mailAfterAnswer("a password-reset mail", async () => {
    await enqueueMail(getDb(), { kind: "reset-code", to: email, ...resetCodeMail(code) });
  });
}

/** Codes exist only for resets, so better-auth's OTP sign-in (which would skip the password) has no code to accept. */
export function answersCodeRequestItself(path: string, body: unknown): boolean {
  if (path !== "/email-otp/send-verification-otp") return false;
  const { email, type } = (body ?? {}) as { email?: unknown; type?: unknown };
  return (
    typeof email === "string" &&
    z.email().safeParse(email.trim().toLowerCase()).success &&
    (type === "sign-in" || type === "email-verification")
  );
}
