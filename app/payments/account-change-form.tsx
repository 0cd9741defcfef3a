import { Form, Link, useLocation, useNavigation } from "react-router";
import { FailureMessage } from "../auth/failure-message.tsx";
import { Button } from "../ui/button.tsx";
import { Field } from "../ui/field.tsx";
import { StatusMessage } from "../ui/status.tsx";

/** The payment account's form fields (the registry's `paymentAccount`), and the repeat the server checks. */
const FIELD = "paypalEmail";
const REPEAT = "paypalEmailRepeat";

export interface AccountReview {
  current: string | null;
  next: string;
  startedCheckouts: number;
}

/**
 * Changing the payment account in two steps: the new address typed twice and "Review the change",
 * then what the change does (the next checkouts pay the new address instead of the old one, and
 * how many started checkouts still pay the old one) and "Yes, change the payment account".
 */
export function AccountChangeForm({
  current,
  review,
  values = {},
  errors = {},
  error,
  success,
}: {
  current: string;
  review?: AccountReview;
  values?: Record<string, string>;
  errors?: Record<string, string>;
  error?: string;
  success?: string;
}) {
  const busy = useNavigation().state === "submitting";
  const here = useLocation().pathname;
  if (review) {
    const started = review.startedCheckouts;
    return (
      <section aria-labelledby="review-heading" className="max-w-2xl rounded-lg border border-amber-700 bg-amber-50 p-4 text-amber-950">
        <h2 id="review-heading" className="mb-2 text-xl font-bold">
          Check the change
        </h2>
        <p className="mb-2">
          {review.current ? (
            <>
              The next checkouts pay <strong className="break-all">{review.next}</strong> instead of <strong className="break-all">{review.current}</strong>.
            </>
          ) : (
            <>
              The next checkouts pay <strong className="break-all">{review.next}</strong>. Until now no payment account was set, so online payment was not open.
            </>
          )}
        </p>
        {review.current && (
          <p className="mb-4">
            {started === 0
              ? `No started, unpaid checkout still pays ${review.current}.`
              : `${started} started, unpaid ${started === 1 ? "checkout still pays" : "checkouts still pay"} ${review.current}: PayPal keeps the payee they were created with. If a buyer completes one, it shows under Payments as needing attention; Pay now on such an order starts a new checkout that pays ${review.next}.`}
          </p>
        )}
        <p className="mb-4">Every Admin is told of the change by mail.</p>
        <div className="flex flex-wrap items-center gap-4">
          <Form method="post">
            <input type="hidden" name="_section" value="paymentAccount" />
            <input type="hidden" name={FIELD} value={review.next} />
            <input type="hidden" name={REPEAT} value={review.next} />
            <Button name="_intent" value="publish" disabled={busy}>
              Yes, change the payment account
            </Button>
          </Form>
          <Link to={here} className="font-semibold text-brand-800 underline">
            {review.current ? <>No, keep <span className="break-all">{review.current}</span></> : "No, leave it unset"}
          </Link>
        </div>
      </section>
    );
  }
  return (
    <Form method="post" className="max-w-2xl" aria-labelledby="edit-heading">
      {success && <StatusMessage kind="success">{success}</StatusMessage>}
      {error && <FailureMessage error={error} />}
      <p className="mb-4 text-gray-700">
        Payments go to <strong className="break-all">{current || "no account yet"}</strong>. To change it, type the new address twice; you see what changes before it does.
      </p>
      <input type="hidden" name="_section" value="paymentAccount" />
      <Field label="New PayPal email that receives payments" name={FIELD} type="email" autoComplete="off" required maxLength={254} defaultValue={values[FIELD] ?? ""} error={errors[FIELD]} />
      <Field label="Type the new address again" name={REPEAT} type="email" autoComplete="off" required maxLength={254} defaultValue={values[REPEAT] ?? ""} error={errors[REPEAT]} />
      <Button name="_intent" value="review" disabled={busy}>
        Review the change
      </Button>
    </Form>
  );
}
