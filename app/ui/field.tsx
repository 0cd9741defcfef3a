import { useId } from "react";

interface FieldProps extends Omit<React.InputHTMLAttributes<HTMLInputElement>, "id"> {
  label: string;
  name: string;
  error?: string;
  hint?: string;
  multiline?: boolean;
}

/** The ids of a field's error and hint, and its aria-describedby naming those it has. */
export function noteIds(id: string, { error, hint }: { error?: string; hint?: string }) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined;
  return { errorId, hintId, describedBy };
}

/** A labelled input (or textarea) with its error message tied to it for screen readers. */
export function Field({ label, name, error, hint, multiline, className, ...input }: FieldProps) {
  const id = useId();
  const { errorId, hintId, describedBy } = noteIds(id, { error, hint });
  const common = {
    id,
    name,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy,
    className: `mt-1 block w-full rounded-md border px-3 py-2 text-base text-ink shadow-sm disabled:bg-gray-100 disabled:text-gray-700 ${
      error ? "border-red-700" : "border-gray-400"
    }`,
  };
  return (
    <div className={className ?? "mb-4"}>
      <label htmlFor={id} className="block text-sm font-semibold text-gray-900">
        {label}
      </label>
      {multiline ? (
        <textarea {...common} rows={5} defaultValue={input.defaultValue as string} required={input.required} disabled={input.disabled} maxLength={input.maxLength} />
      ) : (
        <input {...common} {...input} />
      )}
      <FieldNotes hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

/** The hint and the error under an input, with the ids its aria-describedby points to. */
export function FieldNotes({ hint, hintId, error, errorId }: { hint?: string; hintId: string; error?: string; errorId: string }) {
  return (
    <>
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-gray-700">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </>
  );
}
