import { Form } from "react-router";
import { Button } from "../ui/button.tsx";
import { Field } from "../ui/field.tsx";
import { SelectField } from "../ui/select-field.tsx";
import { REDIRECT_STATUSES } from "./redirect-rules.ts";
import { REDIRECT_STATUS_LABELS } from "./redirect-texts.ts";

const STATUS_OPTIONS = REDIRECT_STATUSES.map((status) => ({ value: String(status), label: REDIRECT_STATUS_LABELS[status] }));

/** The fields of a redirect, for adding one on /admin/redirects and editing one: what was typed (or stored) and each field's error. */
export function RedirectForm({ values, errors, submit, busy, intent }: { values: Record<string, string>; errors: Record<string, string>; submit: string; busy: boolean; intent: string }) {
  return (
    <Form method="post" noValidate>
      <input type="hidden" name="_intent" value={intent} />
      <Field label="From path" name="from" required maxLength={500} autoComplete="off" defaultValue={values.from} error={errors.from} hint="A path on this site that has no page, such as /old-page/. Its query does not matter." />
      <SelectField label="Type" name="status" options={STATUS_OPTIONS} defaultValue={values.status ?? "301"} error={errors.status} />
      <Field
        label="To"
        name="to"
        maxLength={2048}
        autoComplete="off"
        defaultValue={values.to}
        error={errors.to}
        hint="A path on this site (/new-page/) or an address (https://…). Leave empty for 410 Gone. The visitor's query is kept."
      />
      <Button disabled={busy}>{busy ? "Saving…" : submit}</Button>
    </Form>
  );
}
