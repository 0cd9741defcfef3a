import { Link } from "react-router";

/**
 * A row of links that each show the same list filtered another way ("All" / "Needs attention"),
 * the current one marked for everyone (aria-current) and not by colour alone.
 */
export function FilterLinks({ label, filters }: { label: string; filters: { to: string; label: string; current: boolean }[] }) {
  return (
    <nav aria-label={label} className="mb-4">
      <ul className="flex flex-wrap gap-3">
        {filters.map((f) => (
          <li key={f.to}>
            <Link
              to={f.to}
              aria-current={f.current ? "page" : undefined}
              className={`inline-block rounded-md border px-3 py-1.5 text-sm font-semibold ${f.current ? "border-brand-700 bg-brand-700 text-white" : "border-gray-400 text-brand-700"}`}
            >
              {f.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
