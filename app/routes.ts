import { index, type RouteConfig, route } from "@react-router/dev/routes";
import { CITIES } from "./lib/cities";
import { WEEKDAY_SLUGS } from "./lib/time";

/** Calendar feeds have a static ".ics" suffix, which a dynamic segment cannot express: one route each. */
const cityFeeds = CITIES.flatMap((city) => [
  route(`quiz/${city.slug}.ics`, "routes/feeds/city-ics.ts", { id: `feeds/ics-${city.slug}` }),
  ...Object.values(WEEKDAY_SLUGS).map((day) =>
    route(`quiz/${city.slug}/${day}.ics`, "routes/feeds/city-ics.ts", {
      id: `feeds/ics-${city.slug}-${day}`,
    }),
  ),
]);

/** Spec §2 redirects, all served by one module. */
const redirects = [
  "veckans-quiz",
  "quiz",
  "quizfragor",
  "quizfragor/:category/:title",
  "pubquiz/:city",
  "pubquiz/:city/:slug",
  ...CITIES.map((c) => c.slug),
].map((path) => route(path, "routes/public/redirects.ts", { id: `redirect:${path}` }));

export default [
  index("routes/public/home.tsx"),
  route("admin", "routes/admin/admin.tsx"),
  route("quiz/:city", "routes/public/city.tsx"),
  route("quiz/:city/:slug", "routes/public/city-slug.tsx"),
  route("quiz/:city/:slug/kalender.ics", "routes/feeds/event-ics.ts"),
  ...cityFeeds,
  ...redirects,
  route("sitemap.xml", "routes/feeds/sitemap.ts"),
  route("robots.txt", "routes/feeds/robots.ts"),
  route("veckans-nutidsquiz", "routes/public/quiz-list.tsx"),
  route("veckans-nutidsquiz/spela/:id", "routes/public/quiz-play.tsx"),
  route("veckans-nutidsquiz/:titleSlug", "routes/public/quiz-detail.tsx"),
  route("admin/quizzes", "routes/admin/quizzes.tsx"),
  route("admin/quizzes/new", "routes/admin/quizzes-editor.tsx", { id: "admin-quiz-new" }),
  route("admin/quizzes/:id/edit", "routes/admin/quizzes-editor.tsx", { id: "admin-quiz-edit" }),
  route("admin/quizzes/:id/results", "routes/admin/quizzes-results.tsx"),
  route("api/quiz-plays", "routes/api/quiz-plays/start.ts"),
  route("api/quiz-plays/:playId", "routes/api/quiz-plays/state.ts"),
  route("api/quiz-plays/:playId/answers", "routes/api/quiz-plays/answer.ts"),
  route("api/quizzes/:quizId/vote", "routes/api/quiz-plays/vote.ts"),
  route("api/admin/quizzes/generate", "routes/api/admin/quizzes/generate.ts"),
  route("api/admin/quizzes/:id/results.csv", "routes/api/admin/quizzes/results-csv.ts"),
  route("api/auth/*", "routes/api/auth.ts"),
  route("api/events/:eventId/beer", "routes/api/beers.ts"),
  route("api/events/:eventId/confirm", "routes/api/event-confirm.ts"),
  route("api/beer-status", "routes/api/beers-status.ts"),
  route("api/events/listing", "routes/api/event-listing.ts"),
  route("api/reports", "routes/api/reports.ts"),
  route("api/suggestions", "routes/api/reports-suggestions.ts"),
  route("admin/beer-activity", "routes/admin/beer-activity.tsx"),
  route("admin/confirmations", "routes/admin/confirmations.tsx"),
  route("api/admin/events", "routes/api/admin/events.ts"),
  route("api/admin/events/:id", "routes/api/admin/event.ts"),
  route("api/admin/events/:id/exceptions", "routes/api/admin/event-exceptions.ts"),
  route("api/admin/reports", "routes/api/admin/reports.ts"),
  route("api/admin/reports/:id", "routes/api/admin/report.ts"),
  route("api/admin/beer-increment", "routes/api/admin/beer-increment.ts"),
  route("images/:bucket/:key", "routes/images.ts"),
  route("*", "routes/public/not-found.tsx"),
] satisfies RouteConfig;
