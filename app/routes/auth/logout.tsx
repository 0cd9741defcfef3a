import { redirect } from "react-router";
import { requestContext } from "~/services.server.ts";
import { withCookies } from "./cookies.server.ts";
import type { Route } from "./+types/logout";

/** Sign out is a POST (a link could be triggered by another site); GET just goes home. */
export async function action({ request, context }: Route.ActionArgs) {
  const { services } = context.get(requestContext);
  const response = await services.auth.api.signOut({ headers: request.headers, asResponse: true });
  return withCookies(redirect("/"), response);
}

export function loader() {
  return redirect("/");
}
