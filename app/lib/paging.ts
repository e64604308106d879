/** Paged lists: `?sida=N` in the address, so every page of a long list has a link that works without JavaScript. */
export const PAGE_PARAM = "sida";

/** The page asked for in the URL: 1 unless `sida` is a whole number from 2 up. */
export function parsePage(params: URLSearchParams): number {
  const page = Number(params.get(PAGE_PARAM));
  return Number.isInteger(page) && page > 1 ? page : 1;
}

/** The slice of a list on a page (the last page when `page` is past the end) and the number of pages. */
export function pageOf<T>(items: readonly T[], page: number, size: number) {
  const pages = Math.max(1, Math.ceil(items.length / size));
  const current = Math.min(page, pages);
  return { items: items.slice((current - 1) * size, current * size), page: current, pages };
}

/** The page of a list counted in the database: its offset, once the total (and so the last page) is known. */
export function pageWindow(total: number, page: number, size: number) {
  const pages = Math.max(1, Math.ceil(total / size));
  const current = Math.min(page, pages);
  return { offset: (current - 1) * size, limit: size, page: current, pages };
}

/**
 * The link to page `page` of the list at `pathname`: its other parameters kept, `sida` only from page 2 (a
 * relative "?…" link, or the bare path for a first page without parameters).
 */
export function pageHref(pathname: string, params: URLSearchParams, page: number): string {
  const next = new URLSearchParams(params);
  if (page > 1) next.set(PAGE_PARAM, String(page));
  else next.delete(PAGE_PARAM);
  return next.size ? `?${next.toString().replace(/%2C/g, ",")}` : pathname;
}
