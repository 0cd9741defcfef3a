import { requireAdmin } from "~/auth/permissions.server.ts";
import { Page } from "~/ui/page.tsx";
import type { Route } from "./+types/admin";

export const meta: Route.MetaFunction = () => [{ title: "Admin | Rankwell" }, { name: "robots", content: "noindex" }];

export function loader({ context, request }: Route.LoaderArgs) {
  const admin = requireAdmin(context, request);
  return { email: admin.email };
}

export default function Admin({ loaderData }: Route.ComponentProps) {
  return (
    <Page>
      <h1 className="text-3xl font-bold">Admin dashboard</h1>
      <p className="mt-2 text-gray-700">Signed in as {loaderData.email}</p>
    </Page>
  );
}
