import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "../../app/routes";
import { outboxFor } from "../support/outbox";
import { LISTING_EMAIL, type PreparedServer, startPreparedServer } from "../support/prepared-server";

/**
 * Trust, through the real server (issue 37): answers to a session are never kept by a shared cache, a
 * one-click unsubscribe works from any Origin, and no token of any kind reaches the server's log (read
 * from its output, at debug level so that page-cache hits are logged too). On PostgreSQL with
 * TEST_DATABASE_URL. Needs `npm run build` first.
 */
const PRIVATE = "private, no-store";
const UNSUBSCRIBED = {
  done: true,
  message: "Du är avregistrerad. Vi skickar inga fler sådana mejl till dig.",
};
const FORM = { "content-type": "application/x-www-form-urlencoded" };
const JSON_TYPE = { "content-type": "application/json" };

let app: PreparedServer;
/** Every secret a request of this file carried, with what it was: none may reach the log. */
const secrets = new Map<string, string>();

function secret(what: string, bytes = 24): string {
  const value = randomBytes(bytes).toString("base64url");
  secrets.set(value, what);
  return value;
}

beforeAll(async () => {
  app = await startPreparedServer({ subscribers: 5, env: { LOG_LEVEL: "debug" } });
  for (const cookie of [app.adminCookie, app.hostCookie])
    secrets.set(cookie.split("=")[1]!, "session cookie");
}, 180_000);

afterAll(async () => {
  await app?.stop();
});

/** Sends a request as it is (redirects not followed) and reads its body, so its log line is written. */
async function send(url: string, init: RequestInit & { cookie?: string } = {}) {
  const { cookie, headers, ...rest } = init;
  const response = await fetch(`${app.base}${url}`, {
    redirect: "manual",
    ...rest,
    headers: { ...(headers as Record<string, string>), ...(cookie ? { cookie } : {}) },
  });
  const body = await response.text();
  return { status: response.status, headers: response.headers, body };
}

/** Every route's path pattern of app/routes.ts, read at run time: routes added later are walked too. */
function routePatterns(entries: { path?: string; index?: boolean; children?: unknown[] }[], parent = "") {
  const out: string[] = [];
  for (const entry of entries) {
    const joined = [parent, entry.path ?? ""].filter(Boolean).join("/");
    if (entry.index || entry.path) out.push(`/${joined}`);
    if (entry.children) out.push(...routePatterns(entry.children as typeof entries, joined));
  }
  return [...new Set(out)];
}

function urlOf(pattern: string): string {
  const values: Record<string, () => string> = {
    city: () => "goteborg",
    slug: () => app.event.slug,
    eventId: () => app.event.id,
    id: () => app.event.id,
    token: () => secret(`${pattern} token`),
    key: () => secret(`${pattern} key`, 32),
  };
  return pattern
    .split("/")
    .map((part) => {
      if (part === "*") return pattern.startsWith("/api/auth/") ? "get-session" : "sidan-finns-inte";
      return part.startsWith(":") ? (values[part.slice(1)]?.() ?? randomUUID()) : part;
    })
    .join("/");
}

describe("answers to a session", () => {
  it("are private, no-store on every route, page and data request, for an admin and for a host", async () => {
    // Uploaded images and quiz cards are the same for everyone (checked below with the static files).
    const patterns = routePatterns(routes).filter((p) => !/^\/(images|og)\//.test(p));
    expect(patterns.length).toBeGreaterThan(60);
    const wrong: string[] = [];
    const seen = new Map<string, number>();
    for (const [who, cookie] of [
      ["admin", app.adminCookie],
      ["host", app.hostCookie],
    ] as const) {
      for (const pattern of patterns) {
        const url = urlOf(pattern);
        for (const variant of [url, url === "/" ? "/_root.data" : `${url}.data`]) {
          const { status, headers } = await send(variant, { cookie });
          seen.set(`${who} ${variant}`, status);
          const cacheControl = headers.get("cache-control");
          if (cacheControl !== PRIVATE) wrong.push(`GET ${variant} as ${who}: ${status}, ${cacheControl}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    // The walk reached what each may see, not only refusals.
    expect(seen.get(`admin /admin/events/${app.event.id}/edit`)).toBe(200);
    expect(seen.get(`admin /admin/quizvardar`)).toBe(200);
    expect(seen.get(`host /quizvard/${app.event.id}`)).toBe(200);
    expect(seen.get(`host /admin/events/${app.event.id}/historik`)).toBe(403);
    expect(seen.get("host /api/auth/get-session")).toBe(200);
  });

  it("are private for writes too, and so is the sign-in's answer, which sets the session", async () => {
    const origin = { origin: app.base };
    const writeKey = secret("write key", 32);
    const samples: [string, string, RequestInit][] = [
      [app.adminCookie, "/api/admin/events", { method: "POST", headers: origin, body: new FormData() }],
      [
        app.adminCookie,
        "/admin/quizvardar",
        { method: "POST", headers: { ...origin, ...FORM }, body: "x=1" },
      ],
      [
        app.hostCookie,
        `/quizvard/${app.event.id}`,
        { method: "POST", headers: { ...origin, ...FORM }, body: "" },
      ],
      [app.hostCookie, "/api/follows", { method: "POST", headers: { ...origin, ...JSON_TYPE }, body: "{}" }],
      [
        app.adminCookie,
        `/api/my-quizzes/${secret("feed key", 32)}`,
        {
          method: "PUT",
          headers: { ...origin, ...JSON_TYPE },
          body: JSON.stringify({ eventIds: [], writeKey }),
        },
      ],
    ];
    for (const [cookie, url, init] of samples) {
      const { status, headers } = await send(url, { ...init, cookie });
      expect([url, status, headers.get("cache-control")]).toEqual([url, expect.any(Number), PRIVATE]);
    }
    const signIn = await send("/api/auth/sign-in/email", {
      method: "POST",
      headers: { ...origin, ...JSON_TYPE },
      body: JSON.stringify({ email: "vard@example.se", password: "betrott-losen-123" }),
    });
    expect(signIn.status).toBe(200);
    expect(signIn.headers.getSetCookie().some((c) => c.startsWith("better-auth.session_token="))).toBe(true);
    expect(signIn.headers.get("cache-control")).toBe(PRIVATE);
    secrets.set(signIn.headers.getSetCookie()[0]!.split(";")[0]!.split("=")[1]!, "new session cookie");
  });

  it("leave static files, images and anonymous public pages their public caching", async () => {
    const home = await send("/");
    expect(home.headers.get("cache-control") ?? "").not.toMatch(/private|no-store/);
    await expect.poll(async () => (await send("/")).headers.get("x-cache")).toBe("hit");
    const asset = /\/assets\/[\w.-]+\.js/.exec(home.body)?.[0];
    expect(asset).toBeDefined();
    const immutable = "public, max-age=31536000, immutable";
    expect((await send(asset!, { cookie: app.adminCookie })).headers.get("cache-control")).toBe(immutable);
    expect((await send("/favicon.svg", { cookie: app.adminCookie })).headers.get("cache-control")).toBe(
      "public, max-age=3600",
    );
    for (const url of ["/robots.txt", "/quiz/goteborg.ics"]) {
      expect((await send(url)).headers.get("cache-control")).toMatch(/^public, max-age=\d+/);
      expect((await send(url, { cookie: app.hostCookie })).headers.get("cache-control")).toBe(PRIVATE);
    }
  });
});

describe("one-click unsubscribe (RFC 8058)", () => {
  const oneClick = (token: string, origin: string | null, page = "") =>
    send(`/utskick/avsluta/${token}${page}`, {
      method: "POST",
      headers: { ...FORM, ...(origin === null ? {} : { origin }) },
      body: "List-Unsubscribe=One-Click",
    });

  it("works from a mail provider's Origin, a null Origin and none, and ends only that list", async () => {
    const [a, b, c, kept, button] = app.subscribers;
    for (const [subscriber, origin] of [
      [a!, "https://mail.example"],
      [b!, "null"],
      [c!, null],
    ] as const) {
      secrets.set(subscriber.unsubscribeToken, "unsubscribe token");
      const answer = await oneClick(subscriber.unsubscribeToken, origin);
      expect([answer.status, answer.headers.get("content-type")]).toEqual([
        200,
        expect.stringMatching(/^application\/json/),
      ]);
      expect(JSON.parse(answer.body)).toEqual(UNSUBSCRIBED);
      // The link names no list any more.
      expect((await send(`/utskick/avsluta/${subscriber.unsubscribeToken}/bekrafta`)).status).toBe(404);
    }
    secrets.set(kept!.unsubscribeToken, "unsubscribe token");
    // Opening the mail's link leads to the page that asks first.
    const opened = await send(`/utskick/avsluta/${kept!.unsubscribeToken}`);
    expect([opened.status, opened.headers.get("location")]).toEqual([
      302,
      `/utskick/avsluta/${kept!.unsubscribeToken}/bekrafta`,
    ]);
    expect((await send(`/utskick/avsluta/${kept!.unsubscribeToken}/bekrafta`)).status).toBe(200);
    // The page's own button, without JavaScript: the page says it, as before.
    secrets.set(button!.unsubscribeToken, "unsubscribe token");
    const page = await oneClick(button!.unsubscribeToken, app.base, "/bekrafta");
    expect(page.status).toBe(200);
    expect(page.body).toContain("Du är avregistrerad");
  });

  it("leaves the same-origin check of the other page actions in place", async () => {
    const kept = app.subscribers[3]!;
    await expect.poll(() => outboxFor(app.dataDir, kept.email).length, { timeout: 20_000 }).toBe(1);
    const token = /\/utskick\/bekrafta\/([\w-]+)/.exec(outboxFor(app.dataDir, kept.email)[0]!.text)?.[1];
    const refused = await send(`/utskick/bekrafta/${token}`, {
      method: "POST",
      headers: { ...FORM, origin: "https://mail.example" },
      body: "",
    });
    expect(refused.status).toBe(400);
    expect((await send(`/utskick/bekrafta/${token}`)).body).toContain("Bekräfta dina utskick");
    const signup = await send("/utskick/ny", {
      method: "POST",
      headers: { ...FORM, origin: "https://mail.example" },
      body: "email=elak%40example.se&topic=nutidsquiz",
    });
    expect(signup.status).toBeGreaterThanOrEqual(400);
    expect(signup.status).toBeLessThan(500);
  });
});

describe("the server's log", () => {
  it("carries no token of any kind: links, codes, keys, positions, cookies and mailed links", async () => {
    const feedKey = secret("feed key", 32);
    const writeKey = secret("write key", 32);
    const nara = `57.${randomBytes(3).readUIntBE(0, 3)},11.${randomBytes(3).readUIntBE(0, 3)}`;
    secrets.set(nara.split(",")[0]!, "position");
    const keyParameter = secret("key parameter");
    const gets = [
      `/api/auth/magic-link/verify?token=${secret("magic link")}&callbackURL=%2Fquizvard`,
      `/quizvard?token=${secret("magic link page")}`,
      `/admin?token_hash=${secret("reset link")}&type=recovery`,
      `/admin?token=${secret("reset token")}`,
      `/admin?code=${secret("code")}&otp=${secret("otp")}`,
      `/?key=${keyParameter}`,
      `/?key=${keyParameter}`,
      `/?nara=${encodeURIComponent(nara)}`,
      `/?nara=${encodeURIComponent(nara)}`,
      `/utskick/${secret("manage link")}`,
      `/utskick/${secret("manage link, data")}.data`,
      `/utskick/bekrafta/${secret("confirm link")}`,
      `/utskick/avsluta/${secret("unsubscribe link")}`,
      `/quizvard/stammer/${secret("freshness link")}`,
      `/mina-quiz/${feedKey}/kalender.ics`,
    ];
    for (const url of gets) {
      const answer = await send(url);
      // A page with a position is never kept, by the page cache or by anything in front (decision 061).
      if (url.includes("nara=")) {
        expect(answer.headers.get("x-cache"), url).toBeNull();
        expect(answer.headers.get("cache-control"), url).toBe("private, no-store");
      }
    }
    await send(`/api/my-quizzes/${feedKey}`, {
      method: "PUT",
      headers: { origin: app.base, ...JSON_TYPE },
      body: JSON.stringify({ eventIds: [app.event.id], writeKey }),
    });
    await send(`/utskick/avsluta/${secret("one-click")}`, {
      method: "POST",
      headers: { origin: "https://mail.example", ...FORM },
      body: "List-Unsubscribe=One-Click",
    });
    // A host's sign-in link (a claim with the listing's own address) and a reset link.
    const claim = new URLSearchParams({
      name: "Lokalen",
      email: LISTING_EMAIL,
      venueRole: "Ägare",
      message: "",
    });
    await send(`/quizvard/ansok/${app.event.id}`, {
      method: "POST",
      headers: { origin: app.base, ...FORM },
      body: `${claim}`,
    });
    await send("/api/auth/request-password-reset", {
      method: "POST",
      headers: { origin: app.base, ...JSON_TYPE },
      body: JSON.stringify({ email: "chef@example.se", redirectTo: "/admin" }),
    });
    for (const [email, pattern, what] of [
      [LISTING_EMAIL, /logga-in\?token=([\w-]+)/, "mailed sign-in link"],
      ["chef@example.se", /token_hash=([\w-]+)/, "mailed reset link"],
    ] as const) {
      // The admin is also told of the claim: wait for the mail that carries the link, whichever comes first.
      const linkIn = () =>
        outboxFor(app.dataDir, email)
          .map((mail) => pattern.exec(mail.text)?.[1])
          .find(Boolean);
      await expect.poll(linkIn, { timeout: 20_000, message: what }).toBeTruthy();
      secrets.set(linkIn()!, what);
    }
    // The mailed links: every subscriber's confirmation, delivered to the outbox and logged meanwhile.
    for (const { email } of app.subscribers) {
      await expect.poll(() => outboxFor(app.dataDir, email).length, { timeout: 20_000 }).toBe(1);
      const link = /\/utskick\/bekrafta\/([\w-]+)/.exec(outboxFor(app.dataDir, email)[0]!.text)?.[1];
      secrets.set(link!, "mailed confirmation link");
    }
    const marker = randomUUID();
    await send(`/integritet?slut=${marker}`);
    await expect.poll(() => app.server.output().includes(marker), { timeout: 10_000 }).toBe(true);

    const log = app.server.output();
    const lines = log.split("\n").filter((line) => line.startsWith("{"));
    const mailLines = lines.filter((line) => line.includes('"msg":"mail written to outbox"'));
    expect(mailLines.filter((line) => line.includes("/utskick/bekrafta/[redacted]"))).toHaveLength(5);
    // The second look at a page with a key was a page-cache hit, logged at debug level: redacted too.
    const keyLines = lines.filter((line) => line.includes("key=[redacted]"));
    expect(keyLines.some((line) => line.includes('"level":20'))).toBe(true);
    // Both looks at the page with a position were rendered (never cached), and logged redacted.
    const positionLines = lines.filter((line) => line.includes('"url":"/?nara=[redacted]"'));
    expect(positionLines.filter((line) => line.includes('"level":30'))).toHaveLength(2);
    for (const shown of ["/utskick/[redacted].data", "/mina-quiz/[redacted]/kalender.ics", "nara=[redacted]"])
      expect(log).toContain(shown);
    const leaked = [...secrets].filter(([value]) => log.includes(value)).map(([, what]) => what);
    expect(leaked).toEqual([]);
    expect(secrets.size).toBeGreaterThan(40);
  });
});
