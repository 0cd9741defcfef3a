import { shortDate } from "../shared/dates.ts";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { Button } from "../ui/button.tsx";

/**
 * Passkeys need the browser's WebAuthn API, so these two buttons work with JavaScript (the pages
 * that show them hydrate). They speak to better-auth's passkey calls under /api/auth/passkey
 * (@better-auth/passkey) through @simplewebauthn/browser; the server checks origin, challenge
 * and signature, and that the authenticator verified its user.
 */

async function call(path: string, body?: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(path, {
    method: body === undefined ? "GET" : "POST",
    credentials: "same-origin",
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) throw new Error(String(answer.message ?? answer.error ?? "The passkey could not be used. Please try again."));
  return answer;
}

const cancelled = (error: unknown) => error instanceof Error && (error.name === "NotAllowedError" || error.name === "AbortError");

function useCeremony() {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: "error" | "success"; text: string } | null>(null);
  async function run(work: () => Promise<string | undefined>) {
    setBusy(true);
    setMessage(null);
    try {
      const done = await work();
      if (done) setMessage({ kind: "success", text: done });
    } catch (error) {
      setMessage({ kind: "error", text: cancelled(error) ? "The passkey was not used (cancelled or timed out)." : (error as Error).message });
    } finally {
      setBusy(false);
    }
  }
  const note = message && (
    <p role={message.kind === "error" ? "alert" : "status"} className={`mt-2 text-sm ${message.kind === "error" ? "text-red-800" : "text-green-900"}`}>
      {message.text}
    </p>
  );
  return { busy, run, note };
}

/** Adds a passkey to the signed-in account (after a recent confirmation: the server asks for one). */
export function AddPasskeyButton() {
  const { busy, run, note } = useCeremony();
  const revalidator = useRevalidator();
  return (
    <div>
      <Button
        type="button"
        variant="secondary"
        disabled={busy}
        onClick={() =>
          run(async () => {
            const options = await call("/api/auth/passkey/generate-register-options");
            // Loaded on the click: the server rendering these pages never needs it, nor does a page that is not used for a passkey.
            const { startRegistration } = await import("@simplewebauthn/browser");
            const response = await startRegistration({ optionsJSON: options as unknown as Parameters<typeof startRegistration>[0]["optionsJSON"] });
            await call("/api/auth/passkey/verify-registration", { response, name: passkeyName() });
            await revalidator.revalidate();
            return "Passkey added. You can sign in with it from now on.";
          })
        }
      >
        {busy ? "Waiting for your passkey…" : "Add a passkey"}
      </Button>
      {note}
    </div>
  );
}

/** Signs in with a passkey (or, signed in already, confirms it is you), then goes to `redirectTo`. */
export function PasskeySignInButton({ redirectTo, label = "Sign in with a passkey" }: { redirectTo: string; label?: string }) {
  const { busy, run, note } = useCeremony();
  return (
    <div>
      <Button
        type="button"
        className="w-full"
        disabled={busy}
        onClick={() =>
          run(async () => {
            const options = await call("/api/auth/passkey/generate-authenticate-options");
            const { startAuthentication } = await import("@simplewebauthn/browser");
            const response = await startAuthentication({ optionsJSON: options as unknown as Parameters<typeof startAuthentication>[0]["optionsJSON"] });
            await call("/api/auth/passkey/verify-authentication", { response });
            // A full load: every part of the page (header, roles) follows the new session.
            window.location.assign(redirectTo);
            return undefined;
          })
        }
      >
        {busy ? "Waiting for your passkey…" : label}
      </Button>
      {note}
    </div>
  );
}

/** A name that tells a person's passkeys apart in the list ("Chrome on Linux, 3 May 2027"). */
function passkeyName(): string {
  const ua = navigator.userAgent;
  const browser = /Edg\//.test(ua) ? "Edge" : /Firefox\//.test(ua) ? "Firefox" : /Chrom(e|ium)\//.test(ua) ? "Chrome" : /Safari\//.test(ua) ? "Safari" : "Browser";
  const os = /Android/.test(ua) ? "Android" : /iPhone|iPad/.test(ua) ? "iOS" : /Windows/.test(ua) ? "Windows" : /Mac OS X/.test(ua) ? "macOS" : /Linux/.test(ua) ? "Linux" : "";
  return `${browser}${os ? ` on ${os}` : ""}, ${shortDate(new Date().toISOString())}`;
}
