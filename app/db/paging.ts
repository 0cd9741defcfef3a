/** Page arithmetic shared by every paginated list: 1-based pages, clamped to what exists. */
export interface PageInfo {
  page: number;
  pageSize: number;
  pageCount: number;
  total: number;
  offset: number;
}

export function pageInfo(total: number, requested: number, pageSize: number): PageInfo {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, Number.isFinite(requested) ? Math.floor(requested) : 1), pageCount);
  return { page, pageSize, pageCount, total, offset: (page - 1) * pageSize };
}

/** Reads a page number from a query parameter; anything odd is page 1. */
export function pageParam(url: URL, name = "page"): number {
  const value = Number.parseInt(url.searchParams.get(name) ?? "1", 10);
  return Number.isFinite(value) && value > 0 ? value : 1;
}
