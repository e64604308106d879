import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { emailOTP, magicLink } from "better-auth/plugins";
import * as schema from "~/db/schema";
import { enqueueMail } from "~/features/mail/public.server";
import { appSecret } from "~/lib/app-secret.server";
import { getDb } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { isTrustedOrigin } from "~/lib/origin";
import { clientIp } from "~/lib/rate-limit.server";
import { CONTROL_CHARACTERS_MESSAGE, containsControlCharacters } from "~/lib/text-input";
import { takeAccountMailRequest } from "./account-mail-limit.server";
import {
  existingAccountMail,
  forgotPasswordUrl,
  RESET_TTL_SECONDS,
  resetLinkUrl,
  welcomeMail,
} from "./auth-mails";
import { accountMailLimitMessage } from "./auth-messages";
import { SESSION_TTL_SECONDS } from "./auth-retention.server";
import {
  keepIssuedToken,
  linkSessionHooks,
  MAGIC_LINK_TTL_SECONDS,
  MAGIC_LINK_VERIFY_PATH,
  SIGN_IN_PAGE,
} from "./link-sessions.server";
import { MIN_PASSWORD_LENGTH } from "./password-rules";
import {
  answersCodeRequestItself,
  codeOfMailBeingWritten,
  RESET_CODE_ATTEMPTS,
  retireMailedCode,
  sendCodeMail,
  sendResetMail,
} from "./reset-mail.server";
import { FIRST_ADMIN_EMAIL } from "./roles.server";
import { settleSignIn, signInLimitMessage, takeSignInAttempt } from "./sign-in-limit.server";

function signInEmail(body: unknown): string | null {
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === "string" && email.trim() ? email.trim().toLowerCase() : null;
}

function createAuth() {
  const env = getEnv();
  // The server overwrites this header with the real client address (TRUST_PROXY), so per-IP limits hold.
  const ipHeaders = ["x-quizkvall-client-ip"];
  const ipOf = (headers: Headers | undefined) => clientIp(new Request(env.publicUrl, { headers }));
  return betterAuth({
    appName: "Quizkväll",
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
    secret: appSecret(),
    // Locally the site may be opened as 127.0.0.1 as well as localhost, so sign-in must work there too.
    trustedOrigins:
      env.NODE_ENV === "development" || env.loopbackAliases
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
      // So a sign-up with a taken address gets the same answer as a new one; the owner is told by mail.
      autoSignIn: false,
      // A mail over the recipient's cap is dropped and the answer stays the same.
      onExistingUserSignUp: async ({ user }) => {
        await enqueueMail(getDb(), {
          kind: "existing-account",
          to: user.email,
          ...existingAccountMail(forgotPasswordUrl(env.publicUrl)),
        });
      },
      resetPasswordTokenExpiresIn: RESET_TTL_SECONDS,
      // A reset is also how a stolen session is shut out.
      revokeSessionsOnPasswordReset: true,
      // Queued after the answer, so a known address answers as fast as an unknown one.
      sendResetPassword: async ({ user, token }) => {
        sendResetMail(getAuth(), user.email, resetLinkUrl(env.publicUrl, token));
      },
      // The link or code came by mail, so the address is proven.
      onPasswordReset: async ({ user }) => {
        await retireMailedCode(getAuth(), user.email);
        if (user.emailVerified) return;
        const { internalAdapter } = await getAuth().$context;
        await internalAdapter.updateUser(user.id, { emailVerified: true });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendVerificationEmail: async ({ user }) => {
        // The first-run account becomes the admin: its welcome must not tell it to ask for admin rights.
        const firstAdmin =
          user.email === FIRST_ADMIN_EMAIL &&
          (await getDb().select().from(schema.userRoles).limit(1)).length === 0;
        await enqueueMail(getDb(), {
          kind: "sign-up",
          to: user.email,
          ...welcomeMail(env.publicUrl, { admin: firstAdmin }),
        });
      },
    },
    plugins: [
      emailOTP({
        otpLength: 6,
        expiresIn: RESET_TTL_SECONDS,
        allowedAttempts: RESET_CODE_ATTEMPTS,
        resendStrategy: "reuse",
        generateOTP: codeOfMailBeingWritten,
        sendVerificationOTP: async ({ email, otp, type }) => sendCodeMail(email, otp, type),
      }),
      // Links are made only by createSignInLink on the server (the HTTP endpoint is disabled below).
      magicLink({
        expiresIn: MAGIC_LINK_TTL_SECONDS,
        disableSignUp: true,
        sendMagicLink: async (link) => keepIssuedToken(link),
      }),
    ],
    disabledPaths: ["/sign-in/magic-link"],
    session: {
      expiresIn: SESSION_TTL_SECONDS,
      additionalFields: { viaLink: { type: "boolean", required: false, defaultValue: false, input: false } },
    },
    databaseHooks: linkSessionHooks,
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        // E-mails, names, tokens and codes: no control characters (PostgreSQL refuses NUL outright).
        if (
          ctx.path === MAGIC_LINK_VERIFY_PATH &&
          (typeof ctx.query?.token !== "string" || containsControlCharacters(ctx.query))
        )
          throw ctx.redirect(`${SIGN_IN_PAGE}?error=INVALID_TOKEN`);
        if (containsControlCharacters(ctx.body) || containsControlCharacters(ctx.query)) {
          throw new APIError("BAD_REQUEST", { message: CONTROL_CHARACTERS_MESSAGE, code: "INVALID_INPUT" });
        }
        // Off in tests, which sign up many accounts from one address.
        const waitForMail =
          env.NODE_ENV === "test" ? null : await takeAccountMailRequest(getDb(), ctx.path, ipOf(ctx.headers));
        if (waitForMail !== null) {
          throw new APIError(
            "TOO_MANY_REQUESTS",
            {
              message: accountMailLimitMessage(waitForMail),
              code: "TOO_MANY_REQUESTS",
              retryAfter: waitForMail,
            },
            { "Retry-After": String(waitForMail) },
          );
        }
        if (answersCodeRequestItself(ctx.path, ctx.body)) return { success: true };
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

export function getAuth(): Auth {
  const g = globalThis as GlobalWithAuth;
  g[AUTH_KEY] ??= createAuth();
  return g[AUTH_KEY];
}

/** Drops the instance (the database it was bound to has been closed). */
export function resetAuth() {
  (globalThis as GlobalWithAuth)[AUTH_KEY] = undefined;
}
