import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import * as schema from "~/db/schema";
import { getDb } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";

export const MIN_PASSWORD_LENGTH = 6;

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

function createAuth() {
  const env = getEnv();
  return betterAuth({
    appName: "Quizkväll",
    baseURL: env.publicUrl,
    basePath: "/api/auth",
    secret: resolveAuthSecret(),
    trustedOrigins: [env.publicUrl],
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
      autoSignIn: false,
    },
    rateLimit: {
      enabled: env.NODE_ENV === "production",
      storage: "database",
      modelName: "rateLimit",
    },
    advanced: {
      useSecureCookies: env.publicUrl.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
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
