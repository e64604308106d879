import { index, prefix, type RouteConfig, route } from "@react-router/dev/routes";
import { CITIES, CITY_MAP_SLUG } from "./lib/cities";
import { WEEKDAY_SLUGS } from "./lib/time";

/** The URL map. */

/** Redirects from old and short addresses, all served by one module; the id keeps the full old path. */
const legacyRedirects = [
  "veckans-quiz",
  "quiz",
  "quizfragor",
  "quizfragor/:category/:title",
  "pubquiz/:city",
  "pubquiz/:city/:slug",
  ...CITIES.map((c) => c.slug),
].map((path) => route(path, "routes/public/redirects.ts", { id: `redirect:${path}` }));

const publicPages = [
  index("routes/public/home.tsx"),
  ...prefix("quiz/:city", [
    route("", "routes/public/city.tsx"),
    route(CITY_MAP_SLUG, "routes/public/city-map.tsx"),
    route(":slug", "routes/public/city-slug.tsx"),
    route(":slug/rapportera", "routes/public/report.tsx"),
    route(":slug/widget", "routes/public/event-widget.tsx"),
  ]),
  ...prefix("veckans-nutidsquiz", [
    route("", "routes/public/quiz-list.tsx"),
    route("spela/:id", "routes/public/quiz-play.tsx"),
    route("arkiv", "routes/public/quiz-archive.tsx"),
    route("liga", "routes/public/leagues/new.tsx"),
    route("liga/:code", "routes/public/leagues/league.tsx"),
    route(":titleSlug", "routes/public/quiz-detail.tsx"),
    route(":titleSlug/runda", "routes/public/quiz-news-round.tsx"),
    route(":titleSlug/runda.pdf", "routes/public/quiz-news-round-pdf.ts"),
  ]),
  ...prefix("utskick", [
    route("ny", "routes/public/lists/new.tsx"),
    route("bekrafta/:token", "routes/public/lists/confirm.tsx"),
    route("avsluta/:token", "routes/public/lists/unsubscribe-link.ts"),
    route("avsluta/:token/bekrafta", "routes/public/lists/unsubscribe.tsx"),
    route(":token", "routes/public/lists/my-lists.tsx"),
  ]),
  route("quizvard/stammer/:token", "routes/public/freshness-link.tsx"),
  route("quizvard/ikvall/:token", "routes/public/tonight-link.tsx"),
  route("integritet", "routes/public/privacy.tsx"),
  route("skala/:eventId", "routes/public/beer-form.ts"),
  route("foresla-quiz", "routes/public/suggest.tsx"),
  route("mina-quiz", "routes/public/my-quizzes.tsx"),
  ...legacyRedirects,
];

/** Quiz hosts: the sign-in and their events, one event's edit page, and the claim form of an event. */
const hostPages = prefix("quizvard", [
  route("", "routes/hosts/host-area.tsx"),
  route("ansok/:eventId", "routes/hosts/claim.tsx"),
  route("logga-in", "routes/hosts/host-sign-in.tsx"),
  route(":eventId", "routes/hosts/host-event.tsx"),
]);

const adminPages = prefix("admin", [
  route("", "routes/admin/admin.tsx"),
  route("beer-activity", "routes/admin/beer-activity.tsx"),
  route("confirmations", "routes/admin/confirmations.tsx"),
  route("quizvardar", "routes/admin/host-claims.tsx"),
  route("reports/:id", "routes/admin/report.ts"),
  ...prefix("events", [
    route("new", "routes/admin/events-editor.tsx", { id: "admin-event-new" }),
    route(":id/edit", "routes/admin/events-editor.tsx", { id: "admin-event-edit" }),
    route(":id/historik", "routes/admin/event-history.tsx"),
    route(":id/vardar", "routes/admin/event-hosts.tsx"),
  ]),
  ...prefix("quizzes", [
    route("", "routes/admin/quizzes.tsx"),
    route("new", "routes/admin/quizzes-editor.tsx", { id: "admin-quiz-new" }),
    route(":id/edit", "routes/admin/quizzes-editor.tsx", { id: "admin-quiz-edit" }),
    route(":id/results", "routes/admin/quizzes-results.tsx"),
  ]),
]);

const publicApi = prefix("api", [
  route("auth/*", "routes/api/auth.ts"),
  route("beer-status", "routes/api/beers-status.ts"),
  route("events/:eventId/beer", "routes/api/beers.ts"),
  route("events/:eventId/confirm", "routes/api/event-confirm.ts"),
  route("events/:eventId/not-held", "routes/api/event-not-held.ts"),
  route("events/listing", "routes/api/event-listing.ts"),
  route("follows", "routes/api/follows.ts"),
  route("my-quizzes/:key", "routes/api/my-quizzes.ts"),
  route("subscriptions", "routes/api/subscriptions.ts"),
  route("reports", "routes/api/reports.ts"),
  route("suggestions", "routes/api/reports-suggestions.ts"),
  ...prefix("quiz-plays", [
    route("", "routes/api/quiz-plays/start.ts"),
    route(":playId", "routes/api/quiz-plays/state.ts"),
    route(":playId/answers", "routes/api/quiz-plays/answer.ts"),
    route(":playId/reports", "routes/api/quiz-plays/report.ts"),
    route(":playId/challenge", "routes/api/quiz-plays/challenge.ts"),
  ]),
  route("quizzes/:quizId/vote", "routes/api/quiz-plays/vote.ts"),
]);

const adminApi = prefix("api/admin", [
  route("beer-activity.csv", "routes/api/admin/beer-activity-csv.ts"),
  route("beer-increment", "routes/api/admin/beer-increment.ts"),
  route("list-mail", "routes/api/admin/list-mail.ts"),
  route("freshness-check", "routes/api/admin/freshness-check.ts"),
  route("tonight-check", "routes/api/admin/tonight-check.ts"),
  ...prefix("events", [
    route("", "routes/api/admin/events.ts"),
    route(":id", "routes/api/admin/event.ts"),
    route(":id/exceptions", "routes/api/admin/event-exceptions.ts"),
  ]),
  route("reports", "routes/api/admin/reports.ts"),
  ...prefix("quizzes", [
    route("generate", "routes/api/admin/quizzes/generate.ts"),
    route(":id/results.csv", "routes/api/admin/quizzes/results-csv.ts"),
  ]),
]);

/** Calendar feeds have a static ".ics" suffix, which a dynamic segment cannot express: one route each. */
const cityFeeds = CITIES.flatMap((city) => [
  route(`quiz/${city.slug}.ics`, "routes/feeds/city-ics.ts", { id: `feeds/ics-${city.slug}` }),
  ...Object.values(WEEKDAY_SLUGS).map((day) =>
    route(`quiz/${city.slug}/${day}.ics`, "routes/feeds/city-ics.ts", {
      id: `feeds/ics-${city.slug}-${day}`,
    }),
  ),
]);

const feeds = [
  route("quiz/:city/:slug/kalender.ics", "routes/feeds/event-ics.ts"),
  route("mina-quiz/:key/kalender.ics", "routes/feeds/my-quizzes-ics.ts"),
  route("og/quiz/:quizId/:file", "routes/feeds/quiz-og-image.ts"),
  ...cityFeeds,
  route("sitemap.xml", "routes/feeds/sitemap.ts"),
  route("robots.txt", "routes/feeds/robots.ts"),
];

export default [
  ...publicPages,
  ...hostPages,
  ...adminPages,
  ...publicApi,
  ...adminApi,
  ...feeds,
  route("images/:bucket/:key", "routes/images.ts"),
  route("*", "routes/public/not-found.tsx"),
] satisfies RouteConfig;
