import { Link, useLocation } from "react-router";

/**
 * The page numbers to show: the first, the last, and two either side of the current one, with
 * null for a gap. A list of 100,000 orders gets a handful of links, not ten thousand.
 */
export function pageWindow(page: number, pageCount: number, around = 2): (number | null)[] {
  const shown: (number | null)[] = [];
  for (let n = 1; n <= pageCount; n++) {
    if (n === 1 || n === pageCount || Math.abs(n - page) <= around) shown.push(n);
    else if (shown.at(-1) !== null) shown.push(null);
  }
  return shown;
}

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
  const link = `${base} border-gray-400 text-brand-700 hover:bg-brand-50`;
  const inert = `${base} border-gray-200 text-gray-600`;
  return (
    <nav aria-label={label} className="mt-4">
      <ul className="flex flex-wrap items-center gap-2">
        <li>
          {page > 1 ? (
            <Link to={href(page - 1)} className={link} preventScrollReset>
              Previous
            </Link>
          ) : (
            <span className={inert} aria-disabled="true">
              Previous
            </span>
          )}
        </li>
        {pageWindow(page, pageCount).map((n, i) =>
          n === null ? (
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-gray-700">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                to={href(n)}
                aria-current={n === page ? "page" : undefined}
                aria-label={`Page ${n}`}
                className={n === page ? `${base} border-brand-700 bg-brand-700 text-white` : link}
                preventScrollReset
              >
                {n}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < pageCount ? (
            <Link to={href(page + 1)} className={link} preventScrollReset>
              Next
            </Link>
          ) : (
            <span className={inert} aria-disabled="true">
              Next
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
