import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/public/home.tsx"),
  route("api/auth/*", "routes/api/auth.ts"),
  route("api/events/:eventId/beer", "routes/api/beers.ts"),
  route("api/beer-status", "routes/api/beers-status.ts"),
  route("api/reports", "routes/api/reports.ts"),
  route("api/suggestions", "routes/api/reports-suggestions.ts"),
  // PLACEHOLDER (issue 4): issue 3's event page replaces this entry on merge.
  route("quiz/:city/:slug", "routes/public/event-placeholder.tsx"),
  route("*", "routes/public/not-found.tsx"),
] satisfies RouteConfig;
