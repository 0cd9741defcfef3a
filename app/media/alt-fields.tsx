import { useId } from "react";
import { Field } from "../ui/field.tsx";
import { ALT_HINT, ALT_LABEL, ALT_MAX, DECORATIVE_LABEL } from "./alt-text.ts";

/**
 * The alt text input and the "Decorative" box, as every admin form that uploads or describes a
 * library image shows them (the library's upload, its item view, the image pickers' upload).
 * Either is required there; the server says so next to the alt text.
 */
export function AltFields({
  alt,
  decorative,
  error,
  onChange,
  bare,
  onEnter,
}: {
  alt?: string;
  decorative?: boolean;
  error?: string;
  onChange?: (value: { alt?: string; decorative?: boolean }) => void;
  /** Inside another form (an image picker in a section form): no names, so that form does not send them. */
  bare?: boolean;
  /** Enter in the alt text: this instead of submitting the form around it. */
  onEnter?: () => void;
}) {
  const id = useId();
  return (
    <div className="mb-4">
      <Field
        label={ALT_LABEL}
        name={bare ? "" : "alt"}
        defaultValue={alt}
        maxLength={ALT_MAX}
        error={error}
        hint={ALT_HINT}
        onChange={onChange && ((event) => onChange({ alt: event.currentTarget.value }))}
        onKeyDown={
          onEnter &&
          ((event) => {
            if (event.key !== "Enter") return;
            event.preventDefault();
            onEnter();
          })
        }
      />
      <div className="-mt-2 flex min-h-11 items-center gap-2">
        <input
          id={`${id}-decorative`}
          type="checkbox"
          name={bare ? "" : "decorative"}
          defaultChecked={decorative}
          className="h-5 w-5"
          onChange={onChange && ((event) => onChange({ decorative: event.currentTarget.checked }))}
        />
        <label htmlFor={`${id}-decorative`} className="text-sm font-semibold text-gray-900">
          {DECORATIVE_LABEL}
        </label>
      </div>
    </div>
  );
}
