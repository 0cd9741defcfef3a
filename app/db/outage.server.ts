import { data } from "react-router";
import { dbFailure, failureMessage } from "./failures.ts";

/**
 * Pages during a database outage: 503 with Retry-After ("try again in a moment"), not 500. A
 * failure in a loader is seen by React Router's handleError (which calls `noteOutage`) before the
 * error page is rendered; the root middleware then turns that page's 500 into a 503.
 */
export const OUTAGE_RETRY_SECONDS = 5;

/** Rethrows a database outage as the 503 error page; any other error as it is. */
export function rethrowAsOutage(error: unknown): never {
  const failure = dbFailure(error);
  if (failure) throw data({ message: failureMessage(failure) }, { status: 503, headers: { "Retry-After": String(OUTAGE_RETRY_SECONDS) } });
  throw error;
}

/** The error page of a request whose loader met a database outage, as a 503. */
export function asOutageResponse(response: Response): Response {
  const headers = new Headers(response.headers);
  headers.set("Retry-After", String(OUTAGE_RETRY_SECONDS));
  return new Response(response.body, { status: 503, statusText: "Service Unavailable", headers });
}

export const isOutage = (error: unknown) => dbFailure(error) !== undefined;
