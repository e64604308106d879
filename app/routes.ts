import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/public/home.tsx"),
  route("admin", "routes/admin/admin.tsx"),
  route("api/auth/*", "routes/api/auth.ts"),
  route("*", "routes/public/not-found.tsx"),
] satisfies RouteConfig;
