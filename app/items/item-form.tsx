import { Form } from "react-router";
import { Button } from "../ui/button.tsx";
import { Field } from "../ui/field.tsx";
import { SelectField } from "../ui/select-field.tsx";
import { ITEM_FORMATS, ITEM_PRICES } from "./schema.ts";

/** The fields of a template item, for /add-item and /edit-item/{id}: what was typed (or stored) and each field's error. */
export function ItemForm({ values, errors, submit, busy }: { values: Record<string, string>; errors: Record<string, string>; submit: string; busy: boolean }) {
  return (
    <Form method="post" noValidate>
      <input type="hidden" name="_intent" value="save" />
      <SelectField label="Format" name="format" options={ITEM_FORMATS} placeholder="Choose a format…" defaultValue={values.format} error={errors.format} />
      <Field label="Canva link" name="canvaLink" type="url" inputMode="url" autoComplete="off" required maxLength={2048} defaultValue={values.canvaLink} error={errors.canvaLink} hint="https://www.canva.com/…" />
      <Field label="Image link" name="imageLink" type="url" inputMode="url" autoComplete="off" required maxLength={2048} defaultValue={values.imageLink} error={errors.imageLink} hint="https://… address of the preview image" />
      <Field label="Category" name="category" required maxLength={100} defaultValue={values.category} error={errors.category} />
      <SelectField label="Free or paid" name="freeOrPaid" options={ITEM_PRICES} placeholder="Choose…" defaultValue={values.freeOrPaid} error={errors.freeOrPaid} />
      <Button disabled={busy}>{busy ? "Saving…" : submit}</Button>
    </Form>
  );
}
