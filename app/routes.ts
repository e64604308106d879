import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/public/home.tsx"),
  route("api/auth/*", "routes/api/auth.ts"),
  route("admin/beer-activity", "routes/admin/beer-activity.tsx"),
  route("api/admin/events", "routes/api/admin/events.ts"),
  route("api/admin/events/:id", "routes/api/admin/event.ts"),
  route("api/admin/reports", "routes/api/admin/reports.ts"),
  route("api/admin/reports/:id", "routes/api/admin/report.ts"),
  route("api/admin/beer-increment", "routes/api/admin/beer-increment.ts"),
  route("images/:bucket/:key", "routes/images.ts"),
  route("*", "routes/public/not-found.tsx"),
] satisfies RouteConfig;
