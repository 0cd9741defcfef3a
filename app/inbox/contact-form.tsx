import { useFetcher } from "react-router";
import { Button } from "../ui/button.tsx";
import { Field } from "../ui/field.tsx";
import { StatusMessage } from "../ui/status.tsx";
import { Honeypot } from "./honeypot.tsx";

/** What the /contact action answers when it does not redirect to /thanks. */
export interface ContactFailure {
  ok: false;
  error: string;
  fields: Record<string, string>;
  values: Record<string, string>;
}

/**
 * The "Send us a message" form. It posts to the /contact action from wherever it is placed (the
 * landing page's contact section, /contact, /contact-us). With JavaScript it submits through a
 * fetcher, so errors appear in place and success moves on to /thanks; without JavaScript it is a
 * plain form post and errors show on /contact.
 *
 * It renders no h1, so it can sit inside any section; pass `heading` for an h2.
 * `result` is the /contact action's answer after a submit without JavaScript.
 */
export function ContactForm({ heading, result }: { heading?: string; result?: ContactFailure }) {
  const fetcher = useFetcher<ContactFailure>();
  const failed = fetcher.data && fetcher.data.ok === false ? fetcher.data : result;
  const busy = fetcher.state !== "idle";
  const fields = failed?.fields ?? {};
  const values = failed?.values ?? {};
  const hasFieldErrors = Object.keys(fields).length > 0;
  return (
    <div className="relative">
      {heading && <h2 className="mb-4 text-2xl font-bold text-ink">{heading}</h2>}
      {failed && <StatusMessage kind="error">{hasFieldErrors ? "Please correct the fields marked below." : failed.error}</StatusMessage>}
      <fetcher.Form method="post" action="/contact" noValidate className="grid gap-x-4 sm:grid-cols-2">
        <Honeypot />
        <Field label="Name" name="name" autoComplete="name" required maxLength={100} defaultValue={values.name} error={fields.name} />
        <Field label="Email" name="email" type="email" autoComplete="email" required maxLength={254} defaultValue={values.email} error={fields.email} />
        <Field label="Phone number" hint="Optional" name="number" type="tel" autoComplete="tel" maxLength={30} defaultValue={values.number} error={fields.number} />
        <Field label="Subject" name="subject" required maxLength={150} defaultValue={values.subject} error={fields.subject} />
        <Field
          label="Message"
          name="message"
          multiline
          required
          maxLength={5000}
          defaultValue={values.message}
          error={fields.message}
          className="mb-4 sm:col-span-2"
        />
        <div className="sm:col-span-2">
          <Button disabled={busy}>{busy ? "Sending…" : "Send message"}</Button>
        </div>
      </fetcher.Form>
    </div>
  );
}
