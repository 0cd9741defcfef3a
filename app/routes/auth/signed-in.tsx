import { redirect } from "react-router";
import { viewerContext } from "~/auth/viewer.server.ts";
import type { Route } from "./+types/signed-in";

/**
 * The landing after a sign-in with no `redirectTo` (auth/landing.ts): people who hold a role go to
 * the admin dashboard, where their work is; a role still waiting on a step (a second factor) goes
 * there too, and the admin area sends them to that step. Everyone else: the customer dashboard.
 */
export function loader({ context }: Route.LoaderArgs) {
  const viewer = context.get(viewerContext);
  throw redirect(viewer.roles.length > 0 || viewer.roleWait ? "/admin" : "/dashboard");
}
