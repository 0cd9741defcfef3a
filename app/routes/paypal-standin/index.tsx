import { requireStandin } from "~/payments/standin-access.server.ts";
import type { Route } from "./+types/index";

export const meta: Route.MetaFunction = () => [{ title: "PayPal stand-in" }, { name: "robots", content: "noindex" }];

export function loader({ context }: Route.LoaderArgs) {
  const services = requireStandin(context);
  return { appUrl: services.config.appUrl };
}

/** What the stand-in is, for a developer who finds it (PAYPAL_MODE=standin only). */
export default function StandinHome({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="text-2xl font-bold">PayPal stand-in — test payment, no money moves</h1>
      <p className="mt-4">
        This server is running with <code>PAYPAL_MODE=standin</code>. Instead of PayPal, the site talks to the stand-in's REST API at{" "}
        {loaderData.appUrl}/paypal-standin (OAuth token, Orders v2 create, get and capture, webhook verification); its approval page
        sends buyers back to the site and its webhooks come here too. With <code>PAYPAL_CHECKOUT=standard</code> pay buttons post to
        /paypal-standin/cgi-bin/webscr and the stand-in sends a test IPN. Set <code>PAYPAL_MODE=sandbox</code> or <code>live</code> to use
        PayPal.
      </p>
    </main>
  );
}
