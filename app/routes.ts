import { type RouteConfig, index, route } from "@react-router/dev/routes";

/** Every page of the site. Who may open each one is in auth/access.ts. */
export default [
  index("routes/site/home.tsx"),
  route("login", "routes/auth/login.tsx"),
  route("register", "routes/auth/register.tsx"),
  route("reset", "routes/auth/reset.tsx"),
  route("logout", "routes/auth/logout.tsx"),
  route("dashboard", "routes/customer/dashboard.tsx"),
  route("admin", "routes/admin/admin.tsx"),
  route("*", "routes/site/not-found.tsx"),
] satisfies RouteConfig;
