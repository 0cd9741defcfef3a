import { useRef } from "react";
import { Form, useNavigation, useRevalidator } from "react-router";
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
  /**
   * The form's id when its buttons sit elsewhere (the edit screen's publish panel renders them
   * with `SubmitButtons`, tied to the form by this id); then the form shows no buttons itself.
   */
  id?: string;
}

export function SectionForm({ section, buttons, values = {}, errors = {}, error, success, labelledBy, id }: SectionFormProps) {
  const def = sectionDef(section);
  const form = useRef<HTMLFormElement>(null);
  const revalidator = useRevalidator();
  useGuardedForm(form);
  return (
    // Preview posts into a new tab (the browser's own submission, see previewInNewTab); the rest stays here.
    <div onSubmitCapture={(event) => previewInNewTab(event, () => void revalidator.revalidate())}>
      <Form ref={form} id={id} method="post" rel="noopener" className="max-w-2xl" aria-labelledby={labelledBy}>
        {success && <StatusMessage kind="success">{success}</StatusMessage>}
        {error && <FailureMessage error={error} />}
        <input type="hidden" name="_section" value={section} />
        {Object.entries(def.fields).map(([name, field]) => (
          <SectionField key={name} name={name} field={field} value={values[name] ?? ""} error={errors[name]} />
        ))}
        {!id && <SubmitButtons section={section} buttons={buttons} />}
      </Form>
    </div>
  );
}

/** Posted by the Preview button: the server saves the draft and answers with the preview page. */
export const PREVIEW_INTENT = "preview";

/**
 * A submission whose button targets a new tab (Preview) is left to the browser: it posts the form
 * into the new tab (no opener), while this tab keeps the form. React Router would otherwise take
 * the submission over here, so it never reaches the form's own handler. A moment later this page
 * reloads its data, so it shows the draft the new tab saved.
 */
function previewInNewTab(event: React.FormEvent, refresh: () => void) {
  const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
  if (submitter?.formTarget !== "_blank") return;
  event.stopPropagation();
  window.setTimeout(refresh, 1500);
}

/**
 * The submit buttons of a section form, each sending its `_intent`, the first being the default;
 * with `form`, buttons outside the form (the publish panel). Preview opens in a new tab.
 */
export function SubmitButtons({ section, buttons, form, className = "flex flex-wrap gap-3" }: { section: string; buttons: FormButton[]; form?: string; className?: string }) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("_section") === section ? navigation.formData.get("_intent") : null;
  return (
    <div className={className}>
      {buttons.map((button) => (
        <Button
          key={button.intent}
          form={form}
          name="_intent"
          value={button.intent}
          variant={button.variant ?? "primary"}
          disabled={submitting !== null}
          formTarget={button.intent === PREVIEW_INTENT ? "_blank" : undefined}
        >
          {submitting === button.intent ? "Working…" : button.label}
          {button.intent === PREVIEW_INTENT && <span className="sr-only"> (opens in a new tab)</span>}
        </Button>
      ))}
    </div>
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
    case "blocks":
    case "articleBody":
      return <Field {...common} multiline hint={field.hint} />;
    case "slug":
    case "tags":
      return <Field {...common} type="text" autoComplete="off" spellCheck={false} hint={field.hint} />;
    case "date":
      // A plain text box with the format in its hint: every browser, keyboard and screen reader alike.
      return <Field {...common} type="text" inputMode="numeric" autoComplete="off" placeholder="YYYY-MM-DD" hint={field.hint} />;
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

