import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { AUTH_MESSAGES, authCall, authRefusal } from "~/auth/auth-errors.server.ts";
import { roleWaitMessage } from "~/auth/confirmation.ts";
import { FailureMessage } from "~/auth/failure-message.tsx";
import { safeRedirect, signedInUser } from "~/auth/permissions.server.ts";
import { qrCodePath, totpSecret } from "~/auth/totp-qr.server.ts";
import { viewerContext } from "~/auth/viewer.server.ts";
import { AppError } from "~/errors.ts";
import { formValues, guardForm, unknownAction } from "~/forms.server.ts";
import { Page } from "~/layout/page.tsx";
import { requestContext } from "~/services.server.ts";
import { Button } from "~/ui/button.tsx";
import { Field } from "~/ui/field.tsx";
import { LinkLine } from "~/ui/link-line.tsx";
import { StatusMessage } from "~/ui/status.tsx";
import type { Route } from "./+types/two-factor";

export const meta: Route.MetaFunction = () => [{ title: "Authenticator app | Rankwell" }, { name: "robots", content: "noindex" }];

/**
 * Setting up an authenticator app (TOTP, better-auth's twoFactor plugin) in two steps: the
 * password gives the secret (a QR code, and the key to type in) and ten recovery codes; a code
 * from the app proves it is set up, and turns two-step sign-in on. Role holders are sent here
 * until they have a second factor (auth/viewer.server.ts). Also: new recovery codes, turning it off.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const user = signedInUser(context);
  const viewer = context.get(viewerContext);
  const { services } = context.get(requestContext);
  const row = await services.db.selectFrom("user").select("twoFactorEnabled").where("id", "=", user.id).executeTakeFirst();
  return {
    enabled: Boolean(row?.twoFactorEnabled),
    roleWait: viewer.roleWait?.missing === "second-factor-setup" ? roleWaitMessage(viewer.roleWait) : null,
    redirectTo: new URL(request.url).searchParams.get("redirectTo") ?? "",
  };
}

const required = (value: string | undefined, field: string, message: string) => {
  if (!value?.trim()) throw new AppError(400, message, { [field]: message });
  return value.trim();
};

export async function action({ context, request }: Route.ActionArgs) {
  signedInUser(context);
  const { services } = context.get(requestContext);
  const values = await formValues(request);
  const wrongPassword = { INVALID_PASSWORD: { ...AUTH_MESSAGES.wrongPassword, field: "password" } };
  return guardForm(values, async () => {
    switch (values.intent) {
      case "start": {
        const password = required(values.password, "password", "Enter your password");
        const started = await services.auth.api.enableTwoFactor({ body: { password }, headers: request.headers }).catch((error: unknown) => authRefusal(error, wrongPassword));
        if (started.method !== "totp") throw new AppError(400, "Start again: enter your password to get a new key.");
        return { ok: true as const, step: "verify" as const, ...setup(started.totpURI, started.backupCodes) };
      }
      case "verify": {
        const code = values.code?.replace(/\s+/g, "") ?? "";
        try {
          if (!/^\d{6}$/.test(code)) throw new AppError(400, "Enter the 6-digit code your app shows.", { code: "Enter the 6-digit code your app shows." });
          const response = await authCall(services.auth.api.verifyTOTP({ body: { code }, headers: request.headers, asResponse: true }), {
            INVALID_CODE: { ...AUTH_MESSAGES.wrongCode, field: "code" },
          });
          const done = redirect(safeRedirect(values.redirectTo, "/account?two-factor=on"));
          // Setting it up starts a new session (with the second factor proved): keep its cookie.
          for (const cookie of response.headers.getSetCookie()) done.headers.append("Set-Cookie", cookie);
          return done;
        } catch (error) {
          // The same step again, with the same secret and codes, and the message.
          if (error instanceof AppError) return data({ ok: false as const, step: "verify" as const, error: error.message, fields: error.fields ?? {}, ...setup(values.totpURI ?? "", (values.backupCodes ?? "").split(" ").filter(Boolean)) }, { status: error.status });
          throw error;
        }
      }
      case "codes": {
        const password = required(values.password, "codesPassword", "Enter your password");
        const made = await services.auth.api.generateBackupCodes({ body: { password }, headers: request.headers }).catch((error: unknown) => authRefusal(error, { INVALID_PASSWORD: { ...AUTH_MESSAGES.wrongPassword, field: "codesPassword" } }));
        return { ok: true as const, step: "codes" as const, backupCodes: made.backupCodes };
      }
      case "disable": {
        const password = required(values.password, "disablePassword", "Enter your password");
        const response = await authCall(services.auth.api.disableTwoFactor({ body: { password }, headers: request.headers, asResponse: true }), {
          INVALID_PASSWORD: { ...AUTH_MESSAGES.wrongPassword, field: "disablePassword" },
        });
        const done = redirect("/account?two-factor=off");
        for (const cookie of response.headers.getSetCookie()) done.headers.append("Set-Cookie", cookie);
        return done;
      }
      default:
        throw unknownAction();
    }
  });
}

function setup(totpURI: string, backupCodes: string[]) {
  if (!totpURI.startsWith("otpauth://")) throw new AppError(400, "Start again: enter your password to get a new key.");
  return { totpURI, secret: totpSecret(totpURI), qr: qrCodePath(totpURI), backupCodes };
}

type Answer = {
  ok: boolean;
  step?: "verify" | "codes";
  error?: string;
  fields?: Record<string, string>;
  totpURI?: string;
  secret?: string;
  qr?: { size: number; d: string };
  backupCodes?: string[];
};

export default function TwoFactor({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const [params] = useSearchParams();
  const answer = actionData as Answer | undefined;
  const fields = answer && !answer.ok ? (answer.fields ?? {}) : {};
  const { enabled, roleWait, redirectTo } = loaderData;
  const verifying = answer?.step === "verify" && answer.qr;
  return (
    <Page narrow>
      <h1 className="mb-6 text-3xl font-bold">Authenticator app</h1>
      {roleWait && (
        <p role="status" className="mb-4 rounded-md border border-amber-700 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-950">
          {roleWait}
        </p>
      )}
      {answer && !answer.ok && !Object.keys(fields).length && <FailureMessage error={answer.error} />}
      {verifying ? (
        <>
          <h2 className="text-xl font-semibold">1. Add Rankwell to your app</h2>
          <p className="mt-2 text-gray-700">Scan this code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, Aegis, …):</p>
          <svg viewBox={`0 0 ${answer.qr!.size} ${answer.qr!.size}`} width="220" height="220" role="img" aria-label="QR code of your Rankwell authenticator key" className="my-4 bg-white">
            <rect width="100%" height="100%" fill="#fff" />
            <path d={answer.qr!.d} fill="#000" />
          </svg>
          <p className="text-gray-700">
            Or type in this key: <code className="break-all rounded bg-gray-100 px-2 py-1 font-mono text-sm" data-testid="totp-secret">{answer.secret}</code>
          </p>
          <h2 className="mt-8 text-xl font-semibold">2. Keep your recovery codes</h2>
          <p className="mt-2 text-gray-700">Each code signs you in once if you lose your phone. Print them or keep them in a password manager; they are not shown again.</p>
          <ul className="mt-3 grid grid-cols-2 gap-2 font-mono text-sm" aria-label="Recovery codes">
            {answer.backupCodes!.map((code) => (
              <li key={code} className="rounded bg-gray-100 px-2 py-1">
                {code}
              </li>
            ))}
          </ul>
          <h2 className="mt-8 text-xl font-semibold">3. Enter the code your app shows</h2>
          <Form method="post" noValidate className="mt-3">
            <input type="hidden" name="intent" value="verify" />
            <input type="hidden" name="totpURI" value={answer.totpURI} />
            <input type="hidden" name="backupCodes" value={answer.backupCodes!.join(" ")} />
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <Field label="Code from the app" name="code" inputMode="numeric" autoComplete="one-time-code" required error={fields.code} />
            <Button disabled={busy} className="w-full">
              Turn on two-step sign-in
            </Button>
          </Form>
        </>
      ) : enabled ? (
        <>
          {params.get("two-factor") === "on" && <StatusMessage kind="success">Two-step sign-in is on.</StatusMessage>}
          {answer?.ok && answer.step === "codes" && (
            <StatusMessage kind="success">
              New recovery codes (the old ones no longer work; keep these safe, they are not shown again):
              <span className="mt-2 grid grid-cols-2 gap-2 font-mono">
                {answer.backupCodes!.map((code) => (
                  <span key={code}>{code}</span>
                ))}
              </span>
            </StatusMessage>
          )}
          <p className="text-gray-700">Two-step sign-in with an authenticator app is on: signing in asks for a code from your app, or one of your recovery codes.</p>
          <Form method="post" noValidate className="mt-8">
            <h2 className="mb-3 text-xl font-semibold">New recovery codes</h2>
            <input type="hidden" name="intent" value="codes" />
            <Field label="Your password" name="password" type="password" autoComplete="current-password" required error={fields.codesPassword} />
            <Button variant="secondary" disabled={busy}>
              Make new recovery codes
            </Button>
          </Form>
          <Form method="post" noValidate className="mt-10 border-t border-gray-200 pt-6">
            <h2 className="mb-3 text-xl font-semibold">Turn it off</h2>
            <p className="mb-3 text-sm text-gray-700">Admins and editors need a second factor: without the app or a passkey, the admin area waits until one is set up again.</p>
            <input type="hidden" name="intent" value="disable" />
            <Field label="Your password" name="password" type="password" autoComplete="current-password" required error={fields.disablePassword} />
            <Button variant="danger" disabled={busy}>
              Turn off the authenticator app
            </Button>
          </Form>
        </>
      ) : (
        <Form method="post" noValidate>
          <input type="hidden" name="intent" value="start" />
          <p className="mb-4 text-gray-700">
            After your password, signing in will ask for a 6-digit code from an app on your phone. Enter your password to start. (Or{" "}
            <Link to="/account#passkeys" className="font-semibold text-brand-700 underline">
              add a passkey
            </Link>{" "}
            instead.)
          </p>
          <Field label="Your password" name="password" type="password" autoComplete="current-password" required error={fields.password} />
          <Button disabled={busy} className="w-full">
            Set up the authenticator app
          </Button>
        </Form>
      )}
      <LinkLine to="/account" className="mt-8 text-sm">
        Back to your account
      </LinkLine>
    </Page>
  );
}
