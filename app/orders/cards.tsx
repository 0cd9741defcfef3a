import { Link } from "react-router";

/** A dashboard shortcut: a whole-card link with a title and a value or description. */
export function Card({ to, title, children }: { to: string; title: string; children: React.ReactNode }) {
  return (
    <Link to={to} className="block rounded-lg border border-gray-200 bg-white p-5 shadow-sm hover:border-brand-700 hover:bg-brand-50">
      <span className="block text-sm font-semibold uppercase tracking-wide text-gray-700">{title}</span>
      <span className="mt-2 block text-2xl font-bold text-ink">{children}</span>
    </Link>
  );
}
