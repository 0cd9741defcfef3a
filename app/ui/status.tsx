/** A success or error message announced to screen readers; replaces the original's alert(). */
export function StatusMessage({ kind, children }: { kind: "success" | "error"; children: React.ReactNode }) {
  if (!children) return null;
  return kind === "success" ? (
    <p role="status" className="mb-4 rounded-md border border-green-700 bg-green-50 px-4 py-3 text-sm font-medium text-green-900">
      {children}
    </p>
  ) : (
    <p role="alert" className="mb-4 rounded-md border border-red-700 bg-red-50 px-4 py-3 text-sm font-medium text-red-900">
      {children}
    </p>
  );
}
