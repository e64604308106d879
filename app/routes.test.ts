import fs from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import { redactUrl } from "./lib/log-redaction";
import routes from "./routes";

/**
 * Every URL the app answers and the id of the route that answers it. Route ids are referenced elsewhere
 * (useRouteLoaderData, tests), and URLs are public: regrouping app/routes.ts must change neither.
 */
const EXPECTED = [
  "admin-event-edit /admin/events/:id/edit",
  "admin-event-new /admin/events/new",
  "admin-quiz-edit /admin/quizzes/:id/edit",
  "admin-quiz-new /admin/quizzes/new",
  "feeds/ics-goteborg /quiz/goteborg.ics",
  "feeds/ics-goteborg-fredag /quiz/goteborg/fredag.ics",
  "feeds/ics-goteborg-lordag /quiz/goteborg/lordag.ics",
  "feeds/ics-goteborg-mandag /quiz/goteborg/mandag.ics",
  "feeds/ics-goteborg-onsdag /quiz/goteborg/onsdag.ics",
  "feeds/ics-goteborg-sondag /quiz/goteborg/sondag.ics",
  "feeds/ics-goteborg-tisdag /quiz/goteborg/tisdag.ics",
  "feeds/ics-goteborg-torsdag /quiz/goteborg/torsdag.ics",
  "feeds/ics-malmo /quiz/malmo.ics",
  "feeds/ics-malmo-fredag /quiz/malmo/fredag.ics",
  "feeds/ics-malmo-lordag /quiz/malmo/lordag.ics",
  "feeds/ics-malmo-mandag /quiz/malmo/mandag.ics",
  "feeds/ics-malmo-onsdag /quiz/malmo/onsdag.ics",
  "feeds/ics-malmo-sondag /quiz/malmo/sondag.ics",
  "feeds/ics-malmo-tisdag /quiz/malmo/tisdag.ics",
  "feeds/ics-malmo-torsdag /quiz/malmo/torsdag.ics",
  "feeds/ics-stockholm /quiz/stockholm.ics",
  "feeds/ics-stockholm-fredag /quiz/stockholm/fredag.ics",
  "feeds/ics-stockholm-lordag /quiz/stockholm/lordag.ics",
  "feeds/ics-stockholm-mandag /quiz/stockholm/mandag.ics",
  "feeds/ics-stockholm-onsdag /quiz/stockholm/onsdag.ics",
  "feeds/ics-stockholm-sondag /quiz/stockholm/sondag.ics",
  "feeds/ics-stockholm-tisdag /quiz/stockholm/tisdag.ics",
  "feeds/ics-stockholm-torsdag /quiz/stockholm/torsdag.ics",
  "redirect:goteborg /goteborg",
  "redirect:malmo /malmo",
  "redirect:pubquiz/:city /pubquiz/:city",
  "redirect:pubquiz/:city/:slug /pubquiz/:city/:slug",
  "redirect:quiz /quiz",
  "redirect:quizfragor /quizfragor",
  "redirect:quizfragor/:category/:title /quizfragor/:category/:title",
  "redirect:stockholm /stockholm",
  "redirect:veckans-quiz /veckans-quiz",
  "routes/admin/admin /admin",
  "routes/admin/beer-activity /admin/beer-activity",
  "routes/admin/confirmations /admin/confirmations",
  "routes/admin/event-history /admin/events/:id/historik",
  "routes/admin/event-hosts /admin/events/:id/vardar",
  "routes/admin/host-claims /admin/quizvardar",
  "routes/admin/quizzes /admin/quizzes",
  "routes/admin/quizzes-results /admin/quizzes/:id/results",
  "routes/admin/report /admin/reports/:id",
  "routes/api/admin/beer-activity-csv /api/admin/beer-activity.csv",
  "routes/api/admin/beer-increment /api/admin/beer-increment",
  "routes/api/admin/event /api/admin/events/:id",
  "routes/api/admin/event-exceptions /api/admin/events/:id/exceptions",
  "routes/api/admin/events /api/admin/events",
  "routes/api/admin/freshness-check /api/admin/freshness-check",
  "routes/api/admin/list-mail /api/admin/list-mail",
  "routes/api/admin/quizzes/generate /api/admin/quizzes/generate",
  "routes/api/admin/quizzes/results-csv /api/admin/quizzes/:id/results.csv",
  "routes/api/admin/reports /api/admin/reports",
  "routes/api/admin/tonight-check /api/admin/tonight-check",
  "routes/api/auth /api/auth/*",
  "routes/api/beers /api/events/:eventId/beer",
  "routes/api/beers-status /api/beer-status",
  "routes/api/event-confirm /api/events/:eventId/confirm",
  "routes/api/event-listing /api/events/listing",
  "routes/api/event-not-held /api/events/:eventId/not-held",
  "routes/api/follows /api/follows",
  "routes/api/my-quizzes /api/my-quizzes/:key",
  "routes/api/quiz-plays/answer /api/quiz-plays/:playId/answers",
  "routes/api/quiz-plays/challenge /api/quiz-plays/:playId/challenge",
  "routes/api/quiz-plays/report /api/quiz-plays/:playId/reports",
  "routes/api/quiz-plays/start /api/quiz-plays",
  "routes/api/quiz-plays/state /api/quiz-plays/:playId",
  "routes/api/quiz-plays/vote /api/quizzes/:quizId/vote",
  "routes/api/reports /api/reports",
  "routes/api/reports-suggestions /api/suggestions",
  "routes/api/subscriptions /api/subscriptions",
  "routes/feeds/event-ics /quiz/:city/:slug/kalender.ics",
  "routes/feeds/my-quizzes-ics /mina-quiz/:key/kalender.ics",
  "routes/feeds/quiz-og-image /og/quiz/:quizId/:file",
  "routes/feeds/robots /robots.txt",
  "routes/feeds/sitemap /sitemap.xml",
  "routes/hosts/claim /quizvard/ansok/:eventId",
  "routes/hosts/host-area /quizvard",
  "routes/hosts/host-event /quizvard/:eventId",
  "routes/hosts/host-sign-in /quizvard/logga-in",
  "routes/images /images/:bucket/:key",
  "routes/public/beer-form /skala/:eventId",
  "routes/public/city /quiz/:city",
  "routes/public/city-map /quiz/:city/karta",
  "routes/public/city-slug /quiz/:city/:slug",
  "routes/public/event-widget /quiz/:city/:slug/widget",
  "routes/public/freshness-link /quizvard/stammer/:token",
  "routes/public/home /",
  "routes/public/leagues/league /veckans-nutidsquiz/liga/:code",
  "routes/public/leagues/new /veckans-nutidsquiz/liga",
  "routes/public/lists/confirm /utskick/bekrafta/:token",
  "routes/public/lists/my-lists /utskick/:token",
  "routes/public/lists/new /utskick/ny",
  "routes/public/lists/unsubscribe /utskick/avsluta/:token/bekrafta",
  "routes/public/lists/unsubscribe-link /utskick/avsluta/:token",
  "routes/public/my-quizzes /mina-quiz",
  "routes/public/not-found /*",
  "routes/public/privacy /integritet",
  "routes/public/quiz-archive /veckans-nutidsquiz/arkiv",
  "routes/public/quiz-detail /veckans-nutidsquiz/:titleSlug",
  "routes/public/quiz-list /veckans-nutidsquiz",
  "routes/public/quiz-news-round /veckans-nutidsquiz/:titleSlug/runda",
  "routes/public/quiz-news-round-pdf /veckans-nutidsquiz/:titleSlug/runda.pdf",
  "routes/public/quiz-play /veckans-nutidsquiz/spela/:id",
  "routes/public/report /quiz/:city/:slug/rapportera",
  "routes/public/suggest /foresla-quiz",
  "routes/public/tonight-link /quizvard/ikvall/:token",
];

/** "id /path", as React Router names a route: its explicit id, else its file without the extension. */
function flatten(entries: RouteConfigEntry[]): string[] {
  return entries.flatMap((entry) => [
    `${entry.id ?? entry.file.replace(/\.[^.]+$/, "")} /${entry.path ?? ""}`,
    ...flatten(entry.children ?? []),
  ]);
}

describe("route config", () => {
  it("keeps every URL path and route id", () => {
    expect(flatten(routes).sort()).toEqual(EXPECTED);
  });

  it("gives each route its own id and each URL one route", () => {
    const flat = flatten(routes);
    expect(new Set(flat.map((line) => line.split(" ")[0])).size).toBe(flat.length);
    expect(new Set(flat.map((line) => line.split(" ")[1])).size).toBe(flat.length);
  });

  it("has exactly one index route, the home page", () => {
    const indexes = routes.filter((entry) => entry.index);
    expect(indexes.map((entry) => entry.file)).toEqual(["routes/public/home.tsx"]);
  });

  it("keeps the secret of every route with a :token or :key out of the logs, and no other path", () => {
    // An uploaded image's key names a public file, not a secret.
    const publicKeys = new Set(["images/:bucket/:key"]);
    const SECRET_PARAMS = new Set([":token", ":key"]);
    const paths = flatten(routes).map((line) => line.split(" /")[1]!);
    const isSecret = (path: string) =>
      path.split("/").some((part) => SECRET_PARAMS.has(part)) && !publicKeys.has(path);
    const filled = (path: string) =>
      `/${path.replace(/:\w+/g, (param) => (SECRET_PARAMS.has(param) ? "hemlig-nyckel" : "x"))}`;
    expect(paths.filter(isSecret).length).toBeGreaterThan(0);
    for (const path of paths.filter(isSecret)) expect(redactUrl(filled(path))).not.toContain("hemlig-nyckel");
    for (const path of paths.filter((p) => !isSecret(p) && !p.includes("*")))
      expect(redactUrl(filled(path))).toBe(filled(path));
    for (const path of paths.filter((p) => !/[:*]/.test(p))) expect(redactUrl(`/${path}`)).toBe(`/${path}`);
  });

  it("documents every admin endpoint that writes in README's admin API, with its methods", () => {
    const readme = fs.readFileSync("README.md", "utf8");
    const apiSection = readme.slice(readme.indexOf("### The admin API"), readme.indexOf("## Hosts"));
    const documented = [...apiSection.matchAll(/`(POST|PATCH|DELETE) (\/api\/admin\/[^`]+)`/g)].map(
      ([, method, url]) => `${method} ${url}`,
    );
    const files = (entries: RouteConfigEntry[]): [string, string][] =>
      entries.flatMap((entry) => [[`/${entry.path ?? ""}`, entry.file], ...files(entry.children ?? [])]);
    const writes = files(routes).flatMap(([url, file]) => {
      if (!url.startsWith("/api/admin/")) return [];
      const source = fs.readFileSync(path.join("app", file), "utf8");
      const methods = /allowMethods\(request, ([^)]*)\)/.exec(source)?.[1]?.match(/[A-Z]+/g) ?? [];
      return methods.map((method) => `${method} ${url}`);
    });
    expect(writes.length).toBeGreaterThan(0);
    expect(documented.sort()).toEqual(writes.sort());
  });
});
