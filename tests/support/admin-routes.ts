import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";

/**
 * Finds every admin route of a route config and asks it, as a given visitor, whether it lets them in.
 * Used by the access test so that routes added later are covered without editing the test.
 */

/** Admin paths that are public on purpose: /admin itself is the sign-in page. */
const PUBLIC_ADMIN_PATHS = new Set(["admin"]);

export type AdminHandler = {
  /** Full path pattern, e.g. "admin/quizzes/:id/edit". */
  path: string;
  file: string;
  kind: "loader" | "action";
};

function joinPath(parent: string, child: string | undefined): string {
  if (!child) return parent;
  return [parent, child].filter(Boolean).join("/").replace(/\/+/g, "/");
}

function isAdminRoute(fullPath: string, file: string): boolean {
  return (
    fullPath === "admin" ||
    fullPath.startsWith("admin/") ||
    fullPath.startsWith("api/admin/") ||
    file.startsWith("routes/admin/") ||
    file.startsWith("routes/api/admin/")
  );
}

function flatten(entries: RouteConfigEntry[], parent = ""): { path: string; file: string }[] {
  return entries.flatMap((entry) => {
    const full = joinPath(parent, entry.path);
    return [{ path: full, file: entry.file }, ...flatten(entry.children ?? [], full)];
  });
}

/** Every loader and action of every admin route, except the public sign-in page. */
export function listAdminHandlers(entries: RouteConfigEntry[], appDir: string): Promise<AdminHandler[]> {
  return listRouteHandlers(
    entries,
    appDir,
    (routePath, file) => isAdminRoute(routePath, file) && !PUBLIC_ADMIN_PATHS.has(routePath),
  );
}

/**
 * Every host route about one event: /quizvard/:eventId and anything below it. The claim form
 * (/quizvard/ansok/:eventId) is public on purpose, and the host area itself (/quizvard) names no event.
 */
export function listHostEventHandlers(entries: RouteConfigEntry[], appDir: string): Promise<AdminHandler[]> {
  return listRouteHandlers(entries, appDir, (routePath) => /^quizvard\/:eventId(\/|$)/.test(routePath));
}

/** Every loader and action of the routes `include` picks. */
async function listRouteHandlers(
  entries: RouteConfigEntry[],
  appDir: string,
  include: (routePath: string, file: string) => boolean,
): Promise<AdminHandler[]> {
  const handlers: AdminHandler[] = [];
  for (const { path: routePath, file } of flatten(entries)) {
    if (!include(routePath, file)) continue;
    const mod = (await import(path.resolve(appDir, file))) as Record<string, unknown>;
    if (typeof mod.loader === "function") handlers.push({ path: routePath, file, kind: "loader" });
    if (typeof mod.action === "function") handlers.push({ path: routePath, file, kind: "action" });
  }
  return handlers;
}

export type Verdict = "refused" | "allowed" | "crashed";

function statusOf(value: unknown): number | undefined {
  if (value instanceof Response) return value.status;
  // React Router's data(…, { status }) value.
  if (value && typeof value === "object" && "init" in value && "data" in value) {
    return (value as { init?: { status?: number } | null }).init?.status ?? 200;
  }
  return undefined;
}

/** Where a refusal may send a visitor: the admin sign-in, or the host area's sign-in. */
const SIGN_IN_PAGES = new Set(["/admin", "/quizvard"]);

/**
 * A refusal is a 401 or 403 (JSON or the 'Åtkomst nekad' page), or a redirect to /admin,
 * /admin?error=access_denied or the host sign-in at /quizvard. Anything else, a 404 or a 400 for the dummy input included, lets the
 * visitor through. A thrown Error is a crash, never a pass.
 */
function judge(outcome: { value: unknown } | { error: unknown }): Verdict {
  const value = "value" in outcome ? outcome.value : outcome.error;
  const status = statusOf(value);
  if (status === undefined) return "error" in outcome ? "crashed" : "allowed";
  if (status === 401 || status === 403) return "refused";
  if (value instanceof Response && status >= 300 && status < 400) {
    const location = value.headers.get("location") ?? "";
    const target = new URL(location, "http://x");
    if (SIGN_IN_PAGES.has(target.pathname)) return "refused";
  }
  return "allowed";
}

export async function probe(
  handler: AdminHandler,
  appDir: string,
  request: Request,
  params: Record<string, string>,
): Promise<{ verdict: Verdict; detail: string }> {
  const mod = (await import(path.resolve(appDir, handler.file))) as Record<
    string,
    (args: unknown) => Promise<unknown>
  >;
  const fn = mod[handler.kind];
  if (!fn) throw new Error(`${handler.file} exports no ${handler.kind}`);
  let outcome: { value: unknown } | { error: unknown };
  try {
    outcome = { value: await fn({ request, params, context: {} }) };
  } catch (error) {
    outcome = { error };
  }
  const verdict = judge(outcome);
  const raw = "value" in outcome ? outcome.value : outcome.error;
  const status = statusOf(raw);
  const detail =
    raw instanceof Error
      ? `${raw.name}: ${raw.message}`
      : status !== undefined
        ? `status ${status}`
        : "plain value";
  return { verdict, detail };
}

/** Fills a path pattern's params (":id", ":slug", "*") with the given samples or a random uuid. */
export function fillPath(
  pattern: string,
  samples: Record<string, string>,
): { url: string; params: Record<string, string> } {
  const params: Record<string, string> = {};
  const url = pattern
    .split("/")
    .map((segment) => {
      if (segment === "*") {
        params["*"] = "x";
        return "x";
      }
      if (!segment.startsWith(":")) return segment;
      const name = segment.slice(1).replace(/\?$/, "");
      params[name] = samples[name] ?? crypto.randomUUID();
      return params[name];
    })
    .join("/");
  return { url: `/${url}`, params };
}
