import { useRef } from "react";
import { Form, useNavigation } from "react-router";
import { ImagePicker } from "../../media/image-picker.tsx";
import { Button } from "../../ui/button.tsx";
import { Field } from "../../ui/field.tsx";
import { SelectField } from "../../ui/select-field.tsx";
import { StatusMessage } from "../../ui/status.tsx";
import { useGuardedForm } from "../../ui/unsaved-changes.tsx";
import type { FieldDef } from "../registry/fields.ts";
import { type SectionKey, sectionDef, type Values } from "../registry/sections.ts";
import { FailureMessage } from "../../auth/failure-message.tsx";

/**
 * Any section's admin form, rendered from its registry entry: one labelled input per field, of the
 * kind's input type, required unless optional, bounded by the field's length, prefilled with
 * `values`, with the server's message for each field next to it. Posts to the current page with
 * `_section` beside the fields and `_intent` from the button pressed (no field of the spec starts
 * with an underscore); Enter in a field presses the first button. Leaving it with unsaved changes
 * asks first (ui/unsaved-changes.tsx).
 */
export interface FormButton {
  intent: string;
  label: string;
  variant?: "primary" | "secondary";
}

export interface SectionFormProps {
  section: SectionKey;
  /** The submit buttons, each sending its intent; the first is the default. */
  buttons: FormButton[];
  /** Current or just-typed values, by field name. */
  values?: Values;
  /** The server's message for each wrong field. */
  errors?: Record<string, string>;
  /** The server's general message when the save failed. */
  error?: string;
  /** The spec's success text after a save. */
  success?: string;
  /** The id of the heading that names this form. */
  labelledBy?: string;
}

export function SectionForm({ section, buttons, values = {}, errors = {}, error, success, labelledBy }: SectionFormProps) {
  const def = sectionDef(section);
  const navigation = useNavigation();
  const form = useRef<HTMLFormElement>(null);
  useGuardedForm(form);
  const submitting = navigation.state === "submitting" && navigation.formData?.get("_section") === section ? navigation.formData.get("_intent") : null;
  return (
    <Form ref={form} method="post" className="max-w-2xl" aria-labelledby={labelledBy}>
      {success && <StatusMessage kind="success">{success}</StatusMessage>}
      {error && <FailureMessage error={error} />}
      <input type="hidden" name="_section" value={section} />
      {Object.entries(def.fields).map(([name, field]) => (
        <SectionField key={name} name={name} field={field} value={values[name] ?? ""} error={errors[name]} />
      ))}
      <div className="flex flex-wrap gap-3">
        {buttons.map((button) => (
          <Button key={button.intent} name="_intent" value={button.intent} variant={button.variant ?? "primary"} disabled={submitting !== null}>
            {submitting === button.intent ? "Working…" : button.label}
          </Button>
        ))}
      </div>
    </Form>
  );
}

function numberHint(field: FieldDef): string {
  const min = field.min ?? 0;
  return field.upper !== undefined ? `A number from ${min} to ${field.upper}` : `A number, ${min} or more`;
}

/** The right input for one field kind. */
function SectionField({ name, field, value, error }: { name: string; field: FieldDef; value: string; error?: string }) {
  const common = { name, label: field.label, error, required: !field.optional, maxLength: field.max, defaultValue: value };
  switch (field.kind) {
    case "longText":
    case "formatted":
      return <Field {...common} multiline hint={field.hint} />;
    case "url":
      // Site paths such as /contact are allowed, so not type="url" (it rejects them).
      return <Field {...common} type="text" inputMode="url" autoComplete="off" spellCheck={false} hint={field.hint} />;
    case "image":
      return <ImagePicker name={name} label={field.label} defaultValue={value} error={error} hint={field.hint} required={!field.optional} maxLength={field.max} />;
    case "number":
      return <Field {...common} type="text" inputMode="decimal" autoComplete="off" hint={field.hint ?? numberHint(field)} />;
    case "email":
      return <Field {...common} type="email" autoComplete="off" spellCheck={false} hint={field.hint} />;
    case "choice":
      return (
        <SelectField
          label={field.label}
          name={name}
          options={field.options ?? []}
          defaultValue={value}
          error={error}
          hint={field.hint}
          required={!field.optional}
          placeholder="Choose…"
        />
      );
    default:
      return <Field {...common} type="text" hint={field.hint} />;
  }
}

