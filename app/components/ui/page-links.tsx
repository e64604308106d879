/** Links to the listing's other pages, for as long as the browser has only the server's page. */
export type Pagination = {
  page: number;
  pages: number;
  hrefFor: (page: number) => string;
  /** Names the links apart when a page has two paged lists. */
  label?: string;
};

/** "Föregående", "Sida 2 av 5", "Nästa": every event is reachable without JavaScript. */
export function PageLinks({ page, pages, hrefFor, label = "Sidor" }: Pagination) {
  const link = "inline-flex min-h-10 items-center rounded-md px-3 font-medium underline underline-offset-2";
  return (
    <nav aria-label={label} className="mt-8 flex flex-wrap items-center justify-center gap-3 text-sm">
      {page > 1 && (
        <a href={hrefFor(page - 1)} rel="prev" className={link}>
          Föregående
        </a>
      )}
      <span aria-current="page">
        Sida {page} av {pages}
      </span>
      {page < pages && (
        <a href={hrefFor(page + 1)} rel="next" className={link}>
          Nästa
        </a>
      )}
    </nav>
  );
}
