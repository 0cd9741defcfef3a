import { redirect, useSearchParams } from "react-router";
import { SIGNED_IN_LANDING } from "~/auth/landing.ts";
import { PasskeySignInButton } from "~/auth/passkey-buttons.tsx";
import { viewerContext } from "~/auth/viewer.server.ts";
import { Page } from "~/layout/page.tsx";
import { LinkLine } from "~/ui/link-line.tsx";
import type { Route } from "./+types/login-passkey";

export const meta: Route.MetaFunction = () => [{ title: "Sign in with a passkey | Rankwell" }, { name: "robots", content: "noindex" }];

/**
 * Signing in with a passkey (WebAuthn): no address, no password; the device's screen lock is the
 * check. Needs JavaScript, so it is a page of its own: /login stays a plain cached form.
 */
export function loader({ context }: Route.LoaderArgs) {
  if (context.get(viewerContext).user) throw redirect(SIGNED_IN_LANDING);
  return null;
}

/** Only a same-site path (the server checks it again wherever it redirects). */
const samePath = (to: string | null) => (to && /^\/(?![/\\])/.test(to) && !/[\s\\]/.test(to) ? to : SIGNED_IN_LANDING);

export default function LoginPasskey() {
  const [params] = useSearchParams();
  const redirectTo = samePath(params.get("redirectTo"));
  return (
    <Page narrow>
      <h1 className="mb-4 text-3xl font-bold">Sign in with a passkey</h1>
      <p className="mb-6 text-gray-700">Your browser asks for the passkey you added on your account page, and your device&apos;s fingerprint, face or PIN.</p>
      <PasskeySignInButton redirectTo={redirectTo} />
      <LinkLine to="/login" className="mt-8 text-sm">
        Log in with your password instead
      </LinkLine>
    </Page>
  );
}
