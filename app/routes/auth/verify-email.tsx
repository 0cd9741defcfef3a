import { isAuthRefusal } from "~/auth/auth-service.server.ts";
import { Link } from "react-router";
import { requestContext } from "~/services.server.ts";
import { Page } from "~/layout/page.tsx";
import { StatusMessage } from "~/ui/status.tsx";
import type { Route } from "./+types/verify-email";

export const meta: Route.MetaFunction = () => [{ title: "Verify your address | Rankwell" }, { name: "robots", content: "noindex" }];

/**
 * The link of the verification mail (auth.server.ts): better-auth checks the signed token (48
 * hours) and marks the address verified. Verifying again is harmless; it signs nobody in.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  if (!token) return { verified: false };
  try {
    await services.auth.api.verifyEmail({ query: { token }, headers: request.headers });
    return { verified: true };
  } catch (error) {
    if (isAuthRefusal(error)) return { verified: false };
    throw error;
  }
}

export default function VerifyEmail({ loaderData }: Route.ComponentProps) {
  return (
    <Page narrow>
      <h1 className="mb-6 text-3xl font-bold">Verify your address</h1>
      {loaderData.verified ? (
        <StatusMessage kind="success">Thank you: your address is verified.</StatusMessage>
      ) : (
        <StatusMessage kind="error">This link does not work (it is incomplete, or older than 48 hours). Sign in and send a new one from your account page.</StatusMessage>
      )}
      <p className="mt-4">
        <Link to="/account" className="font-semibold text-brand-700 underline">
          Go to your account
        </Link>
      </p>
    </Page>
  );
}
