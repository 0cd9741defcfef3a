import { Form, redirect, useNavigation } from "react-router";
import { AUTH_MESSAGES, authRefusal } from "~/auth/auth-errors.server.ts";
import { FailureMessage } from "~/auth/failure-message.tsx";
import { PasskeySignInButton } from "~/auth/passkey-buttons.tsx";
import { safeRedirect, signedInUser } from "~/auth/permissions.server.ts";
import { AppError } from "~/errors.ts";
import { formValues, guardForm, unknownAction } from "~/forms.server.ts";
import { Page } from "~/layout/page.tsx";
import { requestContext } from "~/services.server.ts";
import { Button } from "~/ui/button.tsx";
import { Field } from "~/ui/field.tsx";
import type { Route } from "./+types/confirm";

export const meta: Route.MetaFunction = () => [{ title: "Confirm it is you | Rankwell" }, { name: "robots", content: "noindex" }];

/**
 * "Confirm it is you" (ASVS 7.5.1): before a sensitive change (auth/confirmation.ts) with the
 * password, an authenticator code, a recovery code or a passkey; with `?factor=second` (a role
 * holder's session that has not proved a second factor) only the second factors. Then back to
 * `redirectTo`. The session is stamped by better-auth's hooks (auth/account-hooks.server.ts).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const user = signedInUser(context);
  const { services } = context.get(requestContext);
  const url = new URL(request.url);
  const [row, passkey] = await Promise.all([
    services.db.selectFrom("user").select("twoFactorEnabled").where("id", "=", user.id).executeTakeFirst(),
    services.db.selectFrom("passkey").select("id").where("userId", "=", user.id).executeTakeFirst(),
  ]);
  return {
    secondOnly: url.searchParams.get("factor") === "second",
    totp: Boolean(row?.twoFactorEnabled),
    passkey: Boolean(passkey),
    redirectTo: safeRedirect(url.searchParams.get("redirectTo"), "/account"),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  signedInUser(context);
  const { services } = context.get(requestContext);
  const values = await formValues(request);
  return guardForm(values, async () => {
    const back = redirect(safeRedirect(values.redirectTo, "/account"));
    const code = values.code?.replace(/\s+/g, "") ?? "";
    switch (values.intent) {
      case "password": {
        if (values.factor === "second") throw new AppError(400, "Confirm with your authenticator app or a passkey.");
        if (!values.password) throw new AppError(400, "Enter your password", { password: "Enter your password" });
        await services.auth.api
          .verifyPassword({ body: { password: values.password }, headers: request.headers })
          .catch((error: unknown) => authRefusal(error, { INVALID_PASSWORD: { message: "That is not your password.", field: "password" } }));
        return back;
      }
      case "totp": {
        if (!/^\d{6}$/.test(code)) throw new AppError(400, "Enter the 6-digit code your app shows.", { code: "Enter the 6-digit code your app shows." });
        await services.auth.api.verifyTOTP({ body: { code }, headers: request.headers }).catch((error: unknown) => authRefusal(error, { INVALID_CODE: { ...AUTH_MESSAGES.wrongCode, field: "code" } }));
        return back;
      }
      case "recovery": {
        if (!code) throw new AppError(400, "Enter a recovery code", { recoveryCode: "Enter a recovery code" });
        await services.auth.api
          .verifyBackupCode({ body: { code: values.code!.trim() }, headers: request.headers })
          .catch((error: unknown) => authRefusal(error, { INVALID_BACKUP_CODE: { ...AUTH_MESSAGES.wrongRecoveryCode, field: "recoveryCode" } }));
        return back;
      }
      default:
        throw unknownAction();
    }
  });
}

export default function Confirm({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const failed = actionData && !actionData.ok ? actionData : undefined;
  const { secondOnly, totp, passkey, redirectTo } = loaderData;
  const hidden = (
    <>
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {secondOnly && <input type="hidden" name="factor" value="second" />}
    </>
  );
  return (
    <Page narrow>
      <h1 className="mb-4 text-3xl font-bold">Confirm it is you</h1>
      <p className="mb-6 text-gray-700">
        {secondOnly
          ? "Your role needs this session to prove your second factor: enter a code from your authenticator app, or use your passkey."
          : "This change needs you to confirm it is you (it stays confirmed for 10 minutes)."}
      </p>
      {failed && !Object.keys(failed.fields).length && <FailureMessage error={failed.error} />}
      {passkey && (
        <div className="mb-8">
          <PasskeySignInButton redirectTo={redirectTo} label="Confirm with a passkey" />
        </div>
      )}
      {totp && (
        <Form method="post" noValidate className="mb-8">
          <input type="hidden" name="intent" value="totp" />
          {hidden}
          <Field label="Code from your authenticator app" name="code" inputMode="numeric" autoComplete="one-time-code" required error={failed?.fields.code} />
          <Button disabled={busy} className="w-full">
            Confirm with the code
          </Button>
        </Form>
      )}
      {!secondOnly && (
        <Form method="post" noValidate className="mb-8">
          <input type="hidden" name="intent" value="password" />
          {hidden}
          <Field label="Your password" name="password" type="password" autoComplete="current-password" required error={failed?.fields.password} />
          <Button disabled={busy} variant={totp || passkey ? "secondary" : "primary"} className="w-full">
            Confirm with the password
          </Button>
        </Form>
      )}
      {totp && (
        <details className="text-sm">
          <summary className="cursor-pointer font-semibold text-brand-700 underline">Use a recovery code</summary>
          <Form method="post" noValidate className="mt-3">
            <input type="hidden" name="intent" value="recovery" />
            {hidden}
            <Field label="Recovery code" name="code" autoComplete="off" required error={failed?.fields.recoveryCode} />
            <Button variant="secondary" disabled={busy}>
              Confirm with the recovery code
            </Button>
          </Form>
        </details>
      )}
    </Page>
  );
}
