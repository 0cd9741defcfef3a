import { data } from "react-router";
import { dbFailure, failureMessage } from "./db/failures.ts";
import { AppError } from "./errors.ts";
import { enforceRateLimit } from "./security/rate-limit.server.ts";
import { type RouteContext, requestContext } from "./services.server.ts";

export type FormValues = Record<string, string>;

/** The submitted form as plain strings (files are not accepted anywhere on this site). */
export async function formValues(request: Request): Promise<FormValues> {
  const form = await request.formData().catch((error: unknown) => {
    // Over the body limit (already answered 413), or a body that is not a form: the client's fault.
    const refusal = error instanceof AppError ? error : new AppError(400, "The form could not be read.");
    throw data({ message: refusal.message }, { status: refusal.status });
  });
  const values: FormValues = {};
  for (const [key, value] of form) if (typeof value === "string") values[key] = value;
  return values;
}

/**
 * What a failed action returns: the message, each field's message, and what was typed. (A page
 * says how long to wait in its message; Retry-After is for API clients.)
 */
export function failure(error: AppError, values: FormValues = {}) {
  const { password: _p, newPassword: _n, currentPassword: _c, ...kept } = values;
  return data({ ok: false as const, error: error.message, fields: error.fields ?? {}, values: kept }, { status: error.status });
}

/**
 * A database that cannot store or cannot be reached is a 503 the person can act on ("try
 * again"), not a crash. The real error is logged where it happened (db/db.server.ts).
 */
export function asAppError(error: unknown): AppError | undefined {
  if (error instanceof AppError) return error;
  const failure = dbFailure(error);
  return failure && new AppError(503, failureMessage(failure), undefined, { retryAfterSeconds: 5 });
}

/** Runs an action's work; an AppError (or a database outage) becomes a failure shown with the form, not a crash. */
export async function guardForm<T>(values: FormValues, work: () => Promise<T>) {
  try {
    return await work();
  } catch (error) {
    const known = asAppError(error);
    if (known) return failure(known, values);
    throw error;
  }
}

/**
 * For loaders: runs a service call and turns its AppError (404 no such record, 409 …) into the
 * page's error response, which the root error boundary shows with the message.
 */
export async function orPageError<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof AppError) throw data({ message: error.message }, { status: error.status });
    throw error;
  }
}

/** Counts a page action's attempt against the client's per-minute limit for `bucket`; 429 past it. */
export async function limitRate(context: RouteContext, bucket: string): Promise<void> {
  const { services, clientIp } = context.get(requestContext);
  await enforceRateLimit(services.rateLimiter, bucket, clientIp);
}

/** A form posted an `_intent` this page does not know (an old tab, a tampered form): 400. */
export const unknownAction = () => new AppError(400, "Unknown action. Please reload the page and try again.");
