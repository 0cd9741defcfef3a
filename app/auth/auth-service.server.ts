import type { APIError } from "better-auth/api";
import type { Auth } from "./auth.server.ts";

/** The header our own server sets from the socket (or trusted proxy); clients cannot forge it. */
export const CLIENT_IP_HEADER = "x-rankwell-client-ip";

/**
 * better-auth as the rest of the app sees it (`services.auth`): its server calls (`api.*`) and its
 * HTTP handler (/api/auth/*). better-auth and what it brings (passkeys, two-factor, JOSE, ASN.1:
 * some 700 modules, nearly half of what the server loads) are loaded on the first call, not at
 * start: a visitor without a session cookie never needs them (auth/viewer.server.ts answers
 * anonymous without asking), so a fresh process answers its first pages sooner and an idle one
 * holds less memory (docs/decisions/0041). A failed load is not kept: the next call tries again.
 */
export interface AuthService {
  api: Auth["api"];
  handler(request: Request): Promise<Response>;
  /** better-auth itself, loaded (for the start-up work that needs it, and tests). */
  loaded(): Promise<Auth>;
}

export function lazyAuth(load: () => Promise<Auth>): AuthService {
  let loading: Promise<Auth> | undefined;
  const loaded = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  // Every api.* member is an async function, so a stand-in that awaits the load and then calls it
  // behaves the same to its callers (a refusal still arrives as a rejected promise).
  const api = new Proxy({} as Auth["api"], {
    get: (_target, name) => {
      // Not a thenable, and nothing for symbols (inspection, printing).
      if (typeof name !== "string" || name === "then") return undefined;
      return (...args: unknown[]) => loaded().then((auth) => (auth.api as unknown as Record<string, (...a: unknown[]) => unknown>)[name]!(...args));
    },
  });
  return { api, handler: (request) => loaded().then((auth) => auth.handler(request)), loaded };
}

/**
 * A refusal better-auth threw (its APIError), told apart without importing better-auth: the same
 * test as its own `isAPIError` (an error named "APIError"), so checking an error never loads it.
 */
export function isAuthRefusal(error: unknown): error is APIError {
  return error instanceof Error && error.name === "APIError";
}

declare module "../services.server.ts" {
  interface Services {
    /** better-auth: sign-up, sign-in, sessions (auth.server.ts), loaded on first use. */
    auth: AuthService;
  }
}
