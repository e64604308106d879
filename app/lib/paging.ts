/** `?sida=N`, so every page of a long list has a link that works without JavaScript. */
export const PAGE_PARAM = "sida";

export function parsePage(params: URLSearchParams, name = PAGE_PARAM): number {
  const page = Number(params.get(name));
  return Number.isInteger(page) && page > 1 ? page : 1;
}

/** Past the end gives the last page. */
export function pageOf<T>(items: readonly T[], page: number, size: number) {
  const pages = Math.max(1, Math.ceil(items.length / size));
  const current = Math.min(page, pages);
  return { items: items.slice((current - 1) * size, current * size), page: current, pages };
}

export function pageWindow(total: number, page: number, size: number) {
  const pages = Math.max(1, Math.ceil(total / size));
  const current = Math.min(page, pages);
  return { offset: (current - 1) * size, limit: size, page: current, pages };
}

/** `sida` only from page 2. */
export function pageHref(pathname: string, params: URLSearchParams, page: number): string {
  const next = new URLSearchParams(params);
  if (page > 1) next.set(PAGE_PARAM, String(page));
  else next.delete(PAGE_PARAM);
  return next.size ? `?${next.toString().replace(/%2C/g, ",")}` : pathname;
}
