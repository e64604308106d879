import http from "node:http";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { setupBrowser } from "../support/browser";
import { type SpawnedServer, spawnServer, stopServer, tempDataDir } from "../support/spawn-server";

/**
 * Who is who at the edge: the client's address behind a proxy, the Host header never reaching a page, and
 * the security headers with their per-response script nonce, checked in Chromium.
 */
const browser = setupBrowser();

// One load balancer in front (TRUST_PROXY=1): it appends the address it sees to X-Forwarded-For. PUBLIC_URL
// is left unset, so links must use its default, http://localhost:$PORT, whatever Host the request names.
let proxied: SpawnedServer;
let publicUrl: string;
beforeAll(async () => {
  proxied = await spawnServer({ DATA_DIR: tempDataDir("edge"), TRUST_PROXY: "1", PUBLIC_URL: "" });
  publicUrl = `http://localhost:${proxied.port}`;
});
afterAll(async () => {
  await stopServer(proxied);
});

/** A GET with headers fetch() would not send as given (Host). */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      const request = http.get(url, { headers }, (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => {
          body += chunk;
        });
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
        );
      });
      request.on("error", reject);
    },
  );
}

const FORGED = {
  host: "elak.example",
  "x-forwarded-host": "elak2.example",
  "x-forwarded-proto": "https",
};

/**
 * The first event page in the sitemap whose own picture is one of the demo's: other specs running beside
 * this one add events without images, or with an image they delete again.
 */
async function firstEventPath(baseUrl: string) {
  const sitemap = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
  const paths = [...sitemap.matchAll(/<loc>[^<]*?(\/quiz\/[a-z-]+\/[a-z0-9-]+)<\/loc>/g)]
    .map((m) => m[1] ?? "")
    .filter((p) => p && !/\/(mandag|tisdag|onsdag|torsdag|fredag|lordag|sondag)$/.test(p));
  for (const path of paths) {
    const html = await (await fetch(`${baseUrl}${path}`)).text();
    // The event's own picture (its Open Graph image), not only those of the other quizzes it lists.
    if (/<meta property="og:image" content="[^"]*\/images\/event-images\/demo-/.test(html)) return path;
  }
  throw new Error("no event page with an image in the sitemap");
}

describe("client address behind a proxy (TRUST_PROXY=1)", () => {
  it("keys the per-address limits on the hop the proxy appended, not on what the client wrote", async () => {
    const suggest = (forwardedFor: string) =>
      fetch(`${proxied.baseUrl}/api/suggestions`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": forwardedFor },
        body: "{}",
      });
    // The visitor rotates a made-up leftmost entry; the proxy appends the real address each time.
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await suggest(`10.9.8.${i}, 198.51.100.7`)).status);
    expect(statuses.filter((s) => s === 429)).toEqual([]);
    expect((await suggest("10.9.8.99, 198.51.100.7")).status).toBe(429);
    // Another visitor behind the same proxy is not limited.
    expect((await suggest("198.51.100.8")).status).not.toBe(429);
  });
});

describe("the Host header never reaches a page", () => {
  it("builds canonical links, Open Graph, JSON-LD, the sitemap and robots.txt from PUBLIC_URL", async () => {
    const base = proxied.baseUrl;
    const eventPath = await firstEventPath(base);
    // The server is reached as 127.0.0.1; a Host of 127.0.0.1 must not show either.
    const hosts = /elak2?\.example|127\.0\.0\.1/;
    for (const path of ["/", "/quiz/stockholm", eventPath, "/sitemap.xml", "/robots.txt"]) {
      const forged = await rawGet(`${base}${path}`, FORGED);
      expect(forged.status, path).toBe(200);
      expect(forged.body, path).not.toMatch(hosts);
      // The page cache now holds what the forged request rendered; a plain visitor gets PUBLIC_URL.
      const plain = await rawGet(`${base}${path}`, {});
      expect(plain.body, path).not.toMatch(hosts);
    }
    const event = await rawGet(`${base}${eventPath}`, FORGED);
    expect(event.body).toContain(`<link rel="canonical" href="${publicUrl}${eventPath}"/>`);
    expect(event.body).toContain(`<meta property="og:url" content="${publicUrl}${eventPath}"/>`);
    expect(event.body).toContain(`"url":"${publicUrl}${eventPath}"`);
    expect((await rawGet(`${base}/robots.txt`, FORGED)).body).toContain(`Sitemap: ${publicUrl}/sitemap.xml`);
    expect((await rawGet(`${base}/sitemap.xml`, FORGED)).body).toContain(`<loc>${publicUrl}/</loc>`);
    const home = await rawGet(`${base}/`, FORGED);
    expect(home.body).toContain(`<link rel="canonical" href="${publicUrl}/"/>`);
  });
});

function directives(csp: string) {
  return new Map(
    csp.split(";").map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name, values] as const;
    }),
  );
}

describe("security headers", () => {
  it("sends the policy, and every inline script carries the nonce of the response it came in", async () => {
    const page = await rawGet(`${proxied.baseUrl}/quiz/stockholm`, {});
    const csp = directives(String(page.headers["content-security-policy"]));
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(csp.get("object-src")).toEqual(["'none'"]);
    expect(csp.get("script-src")).not.toContain("'unsafe-inline'");
    const nonce = csp.get("script-src")?.find((v) => v.startsWith("'nonce-"));
    expect(nonce).toMatch(/^'nonce-[A-Za-z0-9+/]{22}=='$/);
    expect(page.headers["x-content-type-options"]).toBe("nosniff");
    expect(page.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(page.headers["permissions-policy"]).toContain("camera=()");
    expect(page.headers["x-frame-options"]).toBe("DENY");
    // PUBLIC_URL is http here: no HSTS.
    expect(page.headers["strict-transport-security"]).toBeUndefined();

    const scripts = [...page.body.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1] ?? "");
    const executable = scripts.filter((attrs) => !attrs.includes('type="application/ld+json"'));
    expect(executable.length).toBeGreaterThan(1);
    for (const attrs of executable) expect(attrs).toContain(`nonce="${nonce?.slice(7, -1)}"`);

    // A cached copy is replayed with the policy whose nonce its own scripts carry.
    const again = await rawGet(`${proxied.baseUrl}/quiz/stockholm`, {});
    expect(again.headers["x-cache"]).toBe("hit");
    const againNonce = directives(String(again.headers["content-security-policy"]))
      .get("script-src")
      ?.find((v) => v.startsWith("'nonce-"));
    expect(again.body).toContain(`nonce="${againNonce?.slice(7, -1)}"`);

    // Not only pages: API answers carry the headers too.
    const api = await fetch(`${proxied.baseUrl}/api/beer-status?visitor=x&events=`);
    expect(api.headers.get("x-content-type-options")).toBe("nosniff");
  });
});

async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
    });
  });
}

/** The page ran under the policy with nothing refused, and its styles, fonts and images are there. */
async function expectIntact(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  expect(response?.headers()["content-security-policy"], path).toContain("frame-ancestors 'none'");
  await page.waitForLoadState("load");
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  const state = await page.evaluate(() => ({
    violations: (window as unknown as { cspViolations: string[] }).cspViolations,
    hydrated: document.documentElement.dataset.hydrated,
    bodyDisplay: getComputedStyle(document.body).display,
    brokenImages: [...document.images]
      .filter((img) => img.complete && img.currentSrc && img.naturalWidth === 0)
      .map((img) => img.currentSrc),
    fonts: document.fonts.status,
  }));
  expect(state, path).toEqual({
    violations: [],
    hydrated: "true",
    bodyDisplay: "flex",
    brokenImages: [],
    fonts: "loaded",
  });
}

describe("the policy in Chromium", () => {
  it("reports no violation on public pages, the quiz player and admin pages", async () => {
    const baseUrl = inject("baseUrl");
    const page = await browser.newPage();
    await recordViolations(page);
    const eventPath = await firstEventPath(baseUrl);
    for (const path of ["/", "/quiz/stockholm", eventPath, "/veckans-nutidsquiz"]) {
      await expectIntact(page, path);
    }
    // An event page's image is really loaded under img-src.
    // Polled: a lazily loaded image does not hold up the load event.
    await page.goto(eventPath);
    await expect
      .poll(() =>
        page.evaluate(
          () => [...document.images].filter((img) => img.complete && img.naturalWidth > 0).length,
        ),
      )
      .toBeGreaterThan(0);

    // The quiz player, and a client-side navigation into it.
    await page.goto("/veckans-nutidsquiz");
    await page.getByRole("link", { name: "Spela nu" }).click();
    await page.waitForURL(/\/veckans-nutidsquiz\/spela\//);
    await page.getByText(/^Fråga 1 av \d+$/).waitFor();
    await expectIntact(page, new URL(page.url()).pathname);

    // Admin pages, signed in.
    const signIn = await page.request.post(`${baseUrl}/api/auth/sign-in/email`, {
      data: { email: inject("adminEmail"), password: inject("adminPassword") },
      headers: { Origin: baseUrl },
    });
    expect(signIn.ok()).toBe(true);
    for (const path of ["/admin", "/admin/quizzes", "/admin/quizzes/new", "/admin/beer-activity", "/"]) {
      await expectIntact(page, path);
    }
  });
});
