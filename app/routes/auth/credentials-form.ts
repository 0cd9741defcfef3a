import { useActionData, useNavigation, useSearchParams } from "react-router";
import type { credentialsAction } from "./sign-in.server.ts";

/**
 * What the /login and /register forms read alike: the failed answer (field messages and what was
 * typed), whether the form is being sent, where to go afterwards, and links to the other form
 * that keep that destination.
 */
export function useCredentialsForm() {
  const result = useActionData<typeof credentialsAction>();
  const [params] = useSearchParams();
  const busy = useNavigation().state === "submitting";
  const failed = result && "ok" in result ? result : undefined;
  // The form posts to its page's own path (no query: issue 22), so a failed post keeps it from what was sent.
  const redirectTo = params.get("redirectTo") ?? failed?.values.redirectTo ?? "";
  const keepRedirect = (path: string) => (redirectTo ? `${path}?redirectTo=${encodeURIComponent(redirectTo)}` : path);
  return { failed, busy, redirectTo, keepRedirect };
}
