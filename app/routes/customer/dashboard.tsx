import { Form } from "react-router";
import { requireUser } from "~/auth/permissions.server.ts";
import { Button } from "~/ui/button.tsx";
import { Page } from "~/ui/page.tsx";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => [{ title: "Dashboard | Rankwell" }, { name: "robots", content: "noindex" }];

export function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  return { email: user.email };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  return (
    <Page>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold">Welcome, {loaderData.email}</h1>
        <Form method="post" action="/logout">
          <Button variant="secondary">Signout</Button>
        </Form>
      </div>
    </Page>
  );
}
