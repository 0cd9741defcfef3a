import { data, Form, Link, redirect } from "react-router";
import { subscriberForToken, unsubscribe } from "~/inbox/subscribers.server.ts";
import { requestContext } from "~/services.server.ts";
import { Button } from "~/ui/button.tsx";
import { Page } from "~/layout/page.tsx";
import { StatusMessage } from "~/ui/status.tsx";
import type { Route } from "./+types/unsubscribe";

export const meta: Route.MetaFunction = () => [{ title: "Unsubscribe | Rankwell" }, { name: "robots", content: "noindex" }];

/**
 * The link in the subscription mail. Opening it only asks; the button does it, so mail scanners
 * that follow links cannot unsubscribe anyone. No sign-in: the unguessable token is the proof.
 * After the button, the page is shown again with ?done=1 (post, redirect, get).
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  const subscriber = await subscriberForToken(services.db, params.token);
  if (subscriber) return { state: "confirm" as const, subemail: subscriber.subemail };
  if (new URL(request.url).searchParams.get("done") === "1") return { state: "done" as const, subemail: "" };
  return data({ state: "invalid" as const, subemail: "" }, { status: 404 });
}

export async function action({ params, context }: Route.ActionArgs) {
  const { services } = context.get(requestContext);
  const subemail = await unsubscribe(services.db, params.token);
  if (!subemail) return data({ error: "invalid" }, { status: 404 });
  services.log.info("a subscriber unsubscribed");
  return redirect(`/unsubscribe/${params.token}?done=1`);
}

export default function Unsubscribe({ loaderData }: Route.ComponentProps) {
  if (loaderData.state === "done") {
    return (
      <Page narrow>
        <h1 className="mb-6 text-3xl font-bold">You are unsubscribed</h1>
        <StatusMessage kind="success">You will get no more updates from us.</StatusMessage>
        <Link to="/" className="font-semibold text-brand-700 underline">
          Back Home
        </Link>
      </Page>
    );
  }
  if (loaderData.state === "invalid") {
    return (
      <Page narrow>
        <h1 className="mb-6 text-3xl font-bold">Unsubscribe</h1>
        <StatusMessage kind="error">This unsubscribe link is not valid any more. You are probably unsubscribed already.</StatusMessage>
        <Link to="/" className="font-semibold text-brand-700 underline">
          Back Home
        </Link>
      </Page>
    );
  }
  return (
    <Page narrow>
      <h1 className="mb-6 text-3xl font-bold">Unsubscribe</h1>
      <p className="mb-6 text-gray-700">
        Stop sending updates to <strong>{loaderData.subemail}</strong>?
      </p>
      <Form method="post">
        <Button>Unsubscribe</Button>
      </Form>
    </Page>
  );
}
