import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { emailOTP } from "better-auth/plugins";
import * as schema from "~/db/schema";
import { getDb } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { sendMail } from "~/lib/mail.server";
import { clientIp } from "~/lib/rate-limit.server";
import { CONTROL_CHARACTERS_MESSAGE, containsControlCharacters } from "~/lib/text-input";
import {
  existingAccountMail,
  forgotPasswordUrl,
  RESET_TTL_SECONDS,
  resetCodeMail,
  resetLinkUrl,
  resetMail,
  welcomeMail,
} from "./auth-mails";
import { isTrustedOrigin } from "./origin";
import { MIN_PASSWORD_LENGTH } from "./password-rules";
import { revokeResets, revokeResetsOfUserId, userIdOfResetToken, userOfEmail } from "./reset-tokens.server";
import { FIRST_ADMIN_EMAIL } from "./roles.server";
import { settleSignIn, signInLimitMessage, takeSignInAttempt } from "./sign-in-limit.server";

/**
 * The auth secret signs session cookies. In production it comes from AUTH_SECRET; on the embedded
 * database a random one is created once and kept in the data directory, so restarts keep sessions.
 */
function resolveAuthSecret(): string {
  const env = getEnv();
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  const file = path.join(env.dataDir, "auth-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    const secret = randomBytes(32).toString("hex");
    fs.mkdirSync(env.dataDir, { recursive: true });
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

/** A string field of a request body, if present. */
function bodyString(body: unknown, field: string): string | null {
  const value = (body as Record<string, unknown> | undefined)?.[field];
  return typeof value === "string" && value ? value : null;
}

// The account a reset link belongs to, read before better-auth deletes the used token.
const linkResets = new Map<string, string>();

/** The e-mail of a sign-in attempt, read from its JSON body. */
function signInEmail(body: unknown): string | null {
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === "string" && email.trim() ? email.trim().toLowerCase() : null;
}

function createAuth() {
  const env = getEnv();
  // The server overwrites X-Quizkvall-Client-IP with the client's address (resolved through trusted
  // proxies per TRUST_PROXY). better-auth's own per-IP limits then key on the real client.
  const ipHeaders = ["x-quizkvall-client-ip"];
  const ipOf = (headers: Headers | undefined) => clientIp(new Request(env.publicUrl, { headers }));
  return betterAuth({
    appName: "Quizkväll",
    // Into the structured log like everything else (an invalid Origin is a warning about the request,
    // not a failure of the server).
    logger: {
      log: (level, message, ...args) => {
        const log = logger.child({ component: "auth" });
        const detail = args.length ? { args } : {};
        if (level === "error" && message.startsWith("Invalid origin")) log.warn(detail, message);
        else if (level === "error") log.error(detail, message);
        else if (level === "warn") log.warn(detail, message);
        else if (level === "debug") log.debug(detail, message);
        else log.info(detail, message);
      },
    },
    baseURL: env.publicUrl,
    basePath: "/api/auth",
    secret: resolveAuthSecret(),
    // In development the site may be opened as 127.0.0.1 or on Vite's port: the Origin the browser sends
    // is trusted when it is a loopback origin (origin.ts), so sign-in works there too.
    trustedOrigins:
      env.NODE_ENV === "development"
        ? (request?: Request) => {
            const origin = request?.headers.get("origin");
            return origin && isTrustedOrigin(origin, env) ? [env.publicUrl, origin] : [env.publicUrl];
          }
        : [env.publicUrl],
    database: drizzleAdapter(getDb(), {
      provider: "pg",
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        rateLimit: schema.rateLimit,
      },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      // Without auto sign-in, a sign-up with a taken address gets the same answer as a new one (a
      // made-up user, the password hashed all the same); the owner of the address is told by mail.
      autoSignIn: false,
      onExistingUserSignUp: async ({ user }) => {
        await sendMail({ to: user.email, ...existingAccountMail(forgotPasswordUrl(env.publicUrl)) });
      },
      resetPasswordTokenExpiresIn: RESET_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      // One mail carries the link and a one-time code, so either way back in works from the same mail.
      sendResetPassword: async ({ user, token }) => {
        const code = await getAuth().api.createVerificationOTP({
          body: { email: user.email, type: "forget-password" },
        });
        await sendMail({ to: user.email, ...resetMail(resetLinkUrl(env.publicUrl, token), code) });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // Sign-up gives an ordinary account with no rights, so the mail welcomes rather than gates.
      sendVerificationEmail: async ({ user }) => {
        // The first-run account becomes the admin: its welcome must not tell it to ask for admin rights.
        const firstAdmin =
          user.email === FIRST_ADMIN_EMAIL &&
          (await getDb().select().from(schema.userRoles).limit(1)).length === 0;
        await sendMail({ to: user.email, ...welcomeMail(env.publicUrl, { admin: firstAdmin }) });
      },
    },
    plugins: [
      emailOTP({
        otpLength: 6,
        expiresIn: RESET_TTL_SECONDS,
        allowedAttempts: 3,
        sendVerificationOTP: async ({ email, otp, type }) => {
          if (type !== "forget-password") return;
          await sendMail({ to: email, ...resetCodeMail(otp) });
        },
      }),
    ],
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        // E-mails, names, tokens and codes: no control characters (PostgreSQL refuses NUL outright).
        if (containsControlCharacters(ctx.body) || containsControlCharacters(ctx.query)) {
          throw new APIError("BAD_REQUEST", { message: CONTROL_CHARACTERS_MESSAGE, code: "INVALID_INPUT" });
        }
        if (ctx.path === "/request-password-reset") {
          // A new mail makes every older link and code invalid.
          const email = bodyString(ctx.body, "email");
          const account = email ? await userOfEmail(getDb(), email) : null;
          if (account) await revokeResets(getDb(), account);
          return;
        }
        if (ctx.path === "/reset-password") {
          const token = bodyString(ctx.body, "token");
          const userId = token ? await userIdOfResetToken(getDb(), token) : null;
          if (token && userId) linkResets.set(token, userId);
          return;
        }
        if (ctx.path !== "/sign-in/email") return;
        const email = signInEmail(ctx.body);
        if (!email) return;
        const waitSeconds = await takeSignInAttempt(getDb(), email, ipOf(ctx.headers));
        if (waitSeconds !== null) {
          throw new APIError(
            "TOO_MANY_REQUESTS",
            { message: signInLimitMessage(waitSeconds), code: "SIGN_IN_LIMITED", retryAfter: waitSeconds },
            { "Retry-After": String(waitSeconds) },
          );
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        const succeeded = !(ctx.context.returned instanceof Error);
        if (ctx.path === "/reset-password") {
          // The link was used: its code (and any other link) goes too.
          const token = bodyString(ctx.body, "token");
          const userId = token ? linkResets.get(token) : undefined;
          if (token) linkResets.delete(token);
          if (succeeded && userId) await revokeResetsOfUserId(getDb(), userId);
          return;
        }
        if (ctx.path === "/email-otp/reset-password") {
          // The code was used: the mail's link goes too.
          const email = bodyString(ctx.body, "email");
          const account = succeeded && email ? await userOfEmail(getDb(), email) : null;
          if (account) await revokeResets(getDb(), account);
          return;
        }
        if (ctx.path !== "/sign-in/email" || !ctx.context.newSession) return;
        const email = signInEmail(ctx.body);
        if (email) await settleSignIn(getDb(), email, ipOf(ctx.headers));
      }),
    },
    rateLimit: {
      enabled: env.NODE_ENV === "production",
      storage: "database",
      modelName: "rateLimit",
      // Sign-in has its own per-account and per-IP failure limits above; these cap request floods.
      customRules: {
        "/sign-in/email": { window: 60, max: 60 },
        "/sign-up/email": { window: 60, max: 20 },
        "/request-password-reset": { window: 60, max: 10 },
        "/email-otp/*": { window: 60, max: 10 },
        "/forget-password/*": { window: 60, max: 10 },
      },
    },
    advanced: {
      useSecureCookies: env.publicUrl.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      ipAddress: { ipAddressHeaders: ipHeaders },
      // better-auth skips its Origin check under NODE_ENV=test; keep it on so tests exercise it.
      disableOriginCheck: false,
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

const AUTH_KEY = Symbol.for("quizkvall.auth");
type GlobalWithAuth = typeof globalThis & { [AUTH_KEY]?: Auth };

/** The better-auth instance, created on first use after the database is open. */
export function getAuth(): Auth {
  const g = globalThis as GlobalWithAuth;
  g[AUTH_KEY] ??= createAuth();
  return g[AUTH_KEY];
}

/** Drops the instance (the database it was bound to has been closed). */
export function resetAuth() {
  (globalThis as GlobalWithAuth)[AUTH_KEY] = undefined;
}
