import { useId } from "react";
import { FieldNotes } from "./field.tsx";

/** A labelled select, styled and described like Field (error tied to it for screen readers). */
export function SelectField({
  label,
  name,
  options,
  defaultValue,
  error,
  placeholder,
  hint,
  required = true,
}: {
  label: string;
  name: string;
  /** Values shown as they are, or `{ value, label }` where the words differ from the value. */
  options: readonly (string | { value: string; label: string })[];
  defaultValue?: string;
  error?: string;
  /** An empty first option such as "Choose…"; without it the first option is preselected. */
  placeholder?: string;
  hint?: string;
  required?: boolean;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="mb-4">
      <label htmlFor={id} className="block text-sm font-semibold text-gray-900">
        {label}
      </label>
      <select
        id={id}
        name={name}
        required={required}
        defaultValue={defaultValue ?? (placeholder ? "" : undefined)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`mt-1 block w-full rounded-md border bg-white px-3 py-2 text-base text-ink shadow-sm ${error ? "border-red-700" : "border-gray-400"}`}
      >
        {placeholder && <option value="">{placeholder}</option>}
        {options.map((option) => {
          const { value, label: words } = typeof option === "string" ? { value: option, label: option } : option;
          return (
            <option key={value} value={value}>
              {words}
            </option>
          );
        })}
      </select>
      <FieldNotes hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}
