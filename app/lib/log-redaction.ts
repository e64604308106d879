/** Tokens in links never reach a log: such a link is the key itself, and logs are widely read. */
const REDACTED = "[redacted]";

const SECRET_PARAMS: ReadonlySet<string> = new Set([":token", ":key"]);

/** Routes whose path carries a secret; app/routes.test.ts fails when a `:token`/`:key` route is missing. */
const TOKEN_ROUTES: readonly string[] = [
  "utskick/:token",
  "utskick/bekrafta/:token",
  "utskick/avsluta/:token",
  "utskick/avsluta/:token/bekrafta",
  "quizvard/stammer/:token",
  "quizvard/ikvall/:token",
  "mina-quiz/:key/kalender.ics",
  "api/my-quizzes/:key",
];

/** Routes with a fixed path that React Router ranks above a token route of the same shape. */
const FIXED_PATHS: ReadonlySet<string> = new Set(["utskick/ny"]);

/** Secret query names; `nara` is a visitor's position. */
const SECRET_QUERY_NAME = /token|^(?:code|otp|key|nara)(?:\[\])?$/i;

const DATA_SUFFIX = ".data";

const PATTERNS = TOKEN_ROUTES.map((route) => route.split("/"));

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return text;
  }
}

function redactPath(path: string): string {
  const trailingSlash = path.length > 1 && path.endsWith("/") ? "/" : "";
  let core = trailingSlash ? path.slice(0, -1) : path;
  const suffix = core.endsWith(DATA_SUFFIX) ? DATA_SUFFIX : "";
  if (suffix) core = core.slice(0, -suffix.length);
  const segments = core.split("/").slice(1);
  if (FIXED_PATHS.has(segments.join("/").toLowerCase())) return path;
  const pattern = PATTERNS.find(
    (parts) =>
      parts.length === segments.length &&
      parts.every((part, i) => part.startsWith(":") || part === segments[i]?.toLowerCase()),
  );
  if (!pattern) return path;
  const redacted = segments.map((segment, i) => (SECRET_PARAMS.has(pattern[i]!) ? REDACTED : segment));
  return `/${redacted.join("/")}${suffix}${trailingSlash}`;
}

function redactParams(params: string): string {
  return params
    .split("&")
    .map((pair) => {
      const eq = pair.indexOf("=");
      if (eq < 0) return pair;
      const name = pair.slice(0, eq);
      if (SECRET_QUERY_NAME.test(decode(name))) return `${name}=${REDACTED}`;
      // A link carried inside another (a callback or return address) is redacted too.
      const value = decode(pair.slice(eq + 1));
      if (!/^(?:\/|https?:\/\/)/i.test(value)) return pair;
      const inner = redactUrl(value);
      return inner === value ? pair : `${name}=${encodeURIComponent(inner)}`;
    })
    .join("&");
}

export function redactUrl(url: string): string {
  const origin = /^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i.exec(url)?.[0] ?? "";
  const rest = url.slice(origin.length);
  const hashAt = rest.indexOf("#");
  const beforeHash = hashAt < 0 ? rest : rest.slice(0, hashAt);
  const hash = hashAt < 0 ? "" : rest.slice(hashAt + 1);
  const queryAt = beforeHash.indexOf("?");
  const path = queryAt < 0 ? beforeHash : beforeHash.slice(0, queryAt);
  const query = queryAt < 0 ? null : beforeHash.slice(queryAt + 1);
  // user:password@ in an address is a secret too.
  const safeOrigin = origin.replace(/\/\/[^/@]*@/, `//${REDACTED}@`);
  return (
    safeOrigin +
    redactPath(path) +
    (query === null ? "" : `?${redactParams(query)}`) +
    (hashAt < 0 ? "" : `#${hash.includes("=") ? redactParams(hash) : hash}`)
  );
}
