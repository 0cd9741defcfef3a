import { Link, useLocation } from "react-router";

/**
 * Previous, page numbers, Next, as real links (works before JavaScript loads). `param` names the
 * query parameter, so a page with two tables can page each on its own.
 */
export function Pagination({ page, pageCount, param = "page", label = "Pages" }: { page: number; pageCount: number; param?: string; label?: string }) {
  const location = useLocation();
  if (pageCount <= 1) return null;
  const href = (n: number) => {
    const params = new URLSearchParams(location.search);
    params.set(param, String(n));
    return `${location.pathname}?${params}`;
  };
  const base = "rounded-md border px-3 py-1 text-sm font-medium";
  return (
    <nav aria-label={label} className="mt-4">
      <ul className="flex flex-wrap items-center gap-2">
        <li>
          {page > 1 ? (
            <Link to={href(page - 1)} className={`${base} border-gray-400 text-brand-700 hover:bg-brand-50`} preventScrollReset>
              Previous
            </Link>
          ) : (
            <span className={`${base} border-gray-200 text-gray-600`} aria-disabled="true">
              Previous
            </span>
          )}
        </li>
        {Array.from({ length: pageCount }, (_, i) => i + 1).map((n) => (
          <li key={n}>
            <Link
              to={href(n)}
              aria-current={n === page ? "page" : undefined}
              aria-label={`Page ${n}`}
              className={`${base} ${n === page ? "border-brand-700 bg-brand-700 text-white" : "border-gray-400 text-brand-700 hover:bg-brand-50"}`}
              preventScrollReset
            >
              {n}
            </Link>
          </li>
        ))}
        <li>
          {page < pageCount ? (
            <Link to={href(page + 1)} className={`${base} border-gray-400 text-brand-700 hover:bg-brand-50`} preventScrollReset>
              Next
            </Link>
          ) : (
            <span className={`${base} border-gray-200 text-gray-600`} aria-disabled="true">
              Next
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
