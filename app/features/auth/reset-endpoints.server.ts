import { APIError } from "better-auth/api";
import { z } from "zod";
import type { Db } from "~/lib/db.server";
import {
  type CodeVerdict,
  guessResetCode,
  issueResetCode,
  resetPasswordWithCode,
  resetPasswordWithLink,
  userIdOfResetToken,
  userOfEmail,
} from "./reset-tokens.server";

/** What the answers below need of a better-auth endpoint call (its middleware context). */
export type EndpointCall = {
  path: string;
  body?: unknown;
  query?: unknown;
  context: {
    password: {
      hash: (password: string) => Promise<string>;
      config: { minPasswordLength: number; maxPasswordLength: number };
    };
  };
};

type Answer = Record<string, unknown>;

const field = (source: unknown, name: string): string | undefined => {
  const value = (source as Record<string, unknown> | undefined)?.[name];
  return typeof value === "string" ? value : undefined;
};
const isEmail = (value: string) => z.email().safeParse(value.trim().toLowerCase()).success;

const invalidCode = () => new APIError("BAD_REQUEST", { message: "Invalid OTP", code: "INVALID_OTP" });
const CODE_ERRORS: Record<Exclude<CodeVerdict, "match">, () => APIError> = {
  mismatch: invalidCode,
  none: invalidCode,
  expired: () => new APIError("BAD_REQUEST", { message: "OTP expired", code: "OTP_EXPIRED" }),
  exhausted: () => new APIError("FORBIDDEN", { message: "Too many attempts", code: "TOO_MANY_ATTEMPTS" }),
};
const invalidToken = () => new APIError("BAD_REQUEST", { message: "Invalid token", code: "INVALID_TOKEN" });

function checkPasswordLength(call: EndpointCall, password: string) {
  const { minPasswordLength, maxPasswordLength } = call.context.password.config;
  if (password.length < minPasswordLength) {
    throw new APIError("BAD_REQUEST", { message: "Password too short", code: "PASSWORD_TOO_SHORT" });
  }
  if (password.length > maxPasswordLength) {
    throw new APIError("BAD_REQUEST", { message: "Password too long", code: "PASSWORD_TOO_LONG" });
  }
}

/** A code alone for an address: mailed when it has an account and its cap allows; answered alike. */
async function requestCode(db: Db, email: string): Promise<Answer> {
  const owner = await userOfEmail(db, email);
  if (owner) await issueResetCode(db, owner);
  return { success: true };
}

async function checkCode(db: Db, email: string, otp: string) {
  const verdict = await guessResetCode(db, email, otp);
  if (verdict !== "match") throw CODE_ERRORS[verdict]();
}

/**
 * better-auth's endpoints that make, check or use a reset link or code, answered here with the same
 * shapes and error codes, so each is one transaction of this project's (reset-tokens.server.ts) instead
 * of better-auth's separate statements. Returns the JSON answer, or undefined to leave the request to
 * better-auth (input it refuses itself, code types the site does not use). The reset request itself stays
 * better-auth's: it only asks for the mail (auth.server.ts).
 *
 * Codes are only ever made for password resets: a request for a sign-in or verification code is answered
 * as sent and sends nothing, so no such code exists to be guessed.
 */
export async function answerResetEndpoint(db: Db, call: EndpointCall): Promise<Answer | undefined> {
  const email = field(call.body, "email");
  switch (call.path) {
    case "/email-otp/send-verification-otp": {
      const type = field(call.body, "type");
      if (!email || !isEmail(email)) return undefined;
      if (type === "forget-password") return requestCode(db, email);
      return type === "sign-in" || type === "email-verification" ? { success: true } : undefined;
    }
    case "/email-otp/request-password-reset":
    case "/forget-password/email-otp":
      return email && isEmail(email) ? requestCode(db, email) : undefined;
    case "/email-otp/check-verification-otp": {
      const otp = field(call.body, "otp");
      if (field(call.body, "type") !== "forget-password" || !email || !isEmail(email) || otp === undefined) {
        return undefined;
      }
      await checkCode(db, email, otp);
      return { success: true };
    }
    case "/email-otp/reset-password": {
      const otp = field(call.body, "otp");
      const password = field(call.body, "password");
      if (!email || !isEmail(email) || otp === undefined || password === undefined) return undefined;
      checkPasswordLength(call, password);
      await checkCode(db, email, otp);
      const hash = await call.context.password.hash(password);
      if (!(await resetPasswordWithCode(db, email, otp, hash))) throw invalidCode();
      return { success: true };
    }
    case "/reset-password": {
      const password = field(call.body, "newPassword");
      if (password === undefined) return undefined;
      const token = field(call.body, "token") || field(call.query, "token");
      if (!token) throw invalidToken();
      checkPasswordLength(call, password);
      // Checked before the (deliberately slow) hash, so made-up tokens cost the server one lookup.
      if (!(await userIdOfResetToken(db, token))) throw invalidToken();
      const hash = await call.context.password.hash(password);
      if (!(await resetPasswordWithLink(db, token, hash))) throw invalidToken();
      return { status: true };
    }
    default:
      return undefined;
  }
}
