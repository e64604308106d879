import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";
import { hasControlCharacters } from "./control-characters";
import { DEFAULT_MAP_TILES_URL, parseTileTemplate, type TileServer } from "./map-tiles";

// Validated once at start-up so an operator never meets a half-configured server.
const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no", "on", "off"])
  .transform((v) => ["true", "1", "yes", "on"].includes(v));

const cronOrOff = z
  .string()
  .trim()
  .refine(
    (v) => v === "off" || v.split(/\s+/).length >= 5,
    "must be a cron expression (5 or 6 fields) or 'off'",
  );

const optionalUrl = z.url().optional();

/** Shown as-is on the privacy page. */
const pageText = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max, `must be at most ${max} characters`)
    .refine((v) => !hasControlCharacters(v), "must be one line of printable text");

/** Days. */
const retentionDays = z.coerce.number().int().min(1).max(3650);

const PROXY_KEYWORDS = new Set(["loopback", "linklocal", "uniquelocal"]);

function isProxyAddress(entry: string) {
  if (PROXY_KEYWORDS.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split("/");
  const family = isIP(address ?? "");
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  const max = family === 4 ? 32 : 128;
  return /^\d+$/.test(prefix) && bits <= max;
}

// Express's `trust proxy` conventions. `true` is refused: it would believe the leftmost, client-written entry.
const trustProxy = z
  .string()
  .trim()
  .transform((v, ctx): false | number | string[] => {
    const lower = v.toLowerCase();
    if (["false", "0", "no", "off"].includes(lower)) return false;
    if (/^\d+$/.test(lower)) return Number(lower);
    if (["true", "yes", "on"].includes(lower)) {
      ctx.addIssue({
        code: "custom",
        message:
          "would believe any X-Forwarded-For a client writes; give the number of proxies in front (1 behind one load balancer) or their addresses/CIDRs",
      });
      return z.NEVER;
    }
    const entries = lower
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    const bad = entries.filter((e) => !isProxyAddress(e));
    if (!entries.length || bad.length) {
      ctx.addIssue({
        code: "custom",
        message: `must be a hop count, or proxy addresses/CIDRs (or loopback, linklocal, uniquelocal) separated by commas${bad.length ? `; not an address: ${bad.join(", ")}` : ""}`,
      });
      return z.NEVER;
    }
    return entries;
  });

const envSchema = z.object({
  NODE_ENV: z.enum(["production", "development", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SEED_DEMO: booleanFlag.default(true),
  TRUST_PROXY: trustProxy.default(false),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Quizkväll <no-reply@quizkvall.local>"),
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default("auto"),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PUBLIC_URL: optionalUrl,
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(5 * 1024 * 1024),
  BEER_JOB_CRON: cronOrOff.default("0 17 * * *"),
  QUIZ_JOB_CRON: cronOrOff.default("0 8 * * 0"),
  QUIZ_PROVIDER: z.enum(["auto", "llm", "bank"]).default("auto"),
  QUIZ_AUTO_PUBLISH: booleanFlag.default(false),
  /** Tests only: the quizkvall_now cookie sets the server's "now". */
  TEST_CLOCK: booleanFlag.default(false),
  LLM_BASE_URL: optionalUrl,
  LLM_API_KEY: z.string().min(1).optional(),
  LLM_MODEL: z.string().min(1).default("gpt-4o-mini"),
  /** GDPR art. 13(1)(a). */
  PRIVACY_CONTROLLER: pageText(200).default("Quizkväll"),
  PRIVACY_CONTACT: z.email("must be an e-mail address").optional(),
  /** In Swedish; unset means there are none. */
  PRIVACY_TRANSFERS: pageText(600).optional(),
  PRIVACY_LOG_DAYS: retentionDays.default(30),
  PRIVACY_BACKUP_DAYS: retentionDays.default(30),
  /** Nominatim-compatible; unset, venues are never geocoded. */
  GEOCODER_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) address" }).optional(),
  /** The city maps' raster tiles: a {z}/{x}/{y} template; its origin is the only one img-src adds. */
  MAP_TILES_URL: z
    .string()
    .default(DEFAULT_MAP_TILES_URL)
    .superRefine((value, ctx) => {
      const reading = parseTileTemplate(value);
      if (!reading.ok) ctx.addIssue({ code: "custom", message: reading.message });
    }),
  NEWS_FEEDS: z
    .string()
    .optional()
    .transform((v) =>
      v
        ? v
            .split(",")
            .map((s) => s.trim())
            .filter(Boolean)
        : [],
    ),
});

export type Env = z.infer<typeof envSchema> & {
  dataDir: string;
  publicUrl: string;
  /** No PUBLIC_URL: localhost and 127.0.0.1 count alike. */
  loopbackAliases: boolean;
  isEmbeddedDb: boolean;
  privacyContact: string;
  /** MAP_TILES_URL read: its template and origin. */
  mapTiles: TileServer;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join("\n"));
    this.name = "ConfigError";
  }
}

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  // Empty strings mean "not set", as in most deployment tools.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? "env");
      const given = cleaned[name];
      return `Invalid configuration: ${name}=${JSON.stringify(given ?? "")}: ${issue.message}`;
    });
    throw new ConfigError(problems);
  }
  const env = result.data;
  const extra: string[] = [];
  const s3Vars = [env.S3_ENDPOINT, env.S3_BUCKET, env.S3_ACCESS_KEY_ID, env.S3_SECRET_ACCESS_KEY];
  if (s3Vars.some(Boolean) && !s3Vars.every(Boolean)) {
    extra.push(
      "Invalid configuration: S3_*: set all of S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, or none",
    );
  }
  if (env.QUIZ_PROVIDER === "llm" && !env.LLM_BASE_URL) {
    extra.push("Invalid configuration: LLM_BASE_URL: required when QUIZ_PROVIDER=llm");
  }
  if (env.NODE_ENV === "production" && env.DATABASE_URL && !env.AUTH_SECRET) {
    extra.push("Invalid configuration: AUTH_SECRET: required in production when DATABASE_URL is set");
  }
  if (extra.length) throw new ConfigError(extra);
  const tiles = parseTileTemplate(env.MAP_TILES_URL);
  if (!tiles.ok) throw new ConfigError([`Invalid configuration: MAP_TILES_URL: ${tiles.message}`]);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
  return {
    ...env,
    dataDir: path.resolve(env.DATA_DIR),
    publicUrl,
    loopbackAliases: !env.PUBLIC_URL,
    isEmbeddedDb: !env.DATABASE_URL,
    // The site's own domain rather than MAIL_FROM's address, which is usually a no-reply box nobody reads.
    privacyContact: env.PRIVACY_CONTACT ?? `integritet@${new URL(publicUrl).hostname.replace(/^www\./, "")}`,
    mapTiles: tiles.server,
  };
}

let cached: Env | undefined;

export function getEnv(): Env {
  cached ??= parseEnv();
  return cached;
}

export function setEnv(env: Env) {
  cached = env;
}
