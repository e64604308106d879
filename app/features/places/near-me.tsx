import { Link, useSearchParams } from "react-router";
import { cn } from "~/lib/cn";
import { useHydrated } from "~/lib/use-hydrated";
import { type NearListing, type NearOrder, type NearRow, type NearTonight, nearHref } from "./near-list";
import { NearMeButton } from "./near-me-button";

const ORDERS: readonly { order: NearOrder; label: string }[] = [
  { order: "tid", label: "Tid" },
  { order: "narmast", label: "Närmast först" },
];

/**
 * "Nära mig" on home and the city pages: the button, and once the address carries a position the server's
 * list of tonight's nights with their distances ("Ikväll nära dig"), in time order or nearest first. A
 * position the server could not use gets its notice; the page's own listing below is unchanged either way.
 * `where` names the listing's scope ("i Göteborg"), or is empty.
 */
export function NearMe({ near, where }: { near: NearTonight | null; where: string }) {
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const listing = near?.kind === "list" ? near.listing : null;
  // A region of the page only when it holds the list; the button alone is not one.
  const Box = listing ? "section" : "div";
  return (
    <Box
      aria-labelledby={listing ? "nara-mig" : undefined}
      className={cn(
        "mt-6",
        // Without a script, and nothing from the server to show, there is nothing here.
        !near && "[@media(scripting:none)]:hidden",
        listing && "rounded-2xl border border-stone-200 bg-white p-4 dark:border-stone-800 dark:bg-stone-900",
      )}
    >
      {listing ? (
        <h2 id="nara-mig" className="mb-3 text-lg font-semibold">
          Ikväll nära dig
        </h2>
      ) : null}
      <div className="flex flex-wrap items-start gap-3">
        <NearMeButton hydrated={hydrated} again={Boolean(listing)} />
        {listing ? <OrderChoice order={listing.order} params={params} /> : null}
      </div>
      {near?.kind === "invalid" ? (
        <p role="status" className="mt-2 text-sm text-amber-900 dark:text-amber-200">
          {near.notice}
        </p>
      ) : null}
      {listing ? (
        <NearList listing={listing} where={where} clearHref={nearHref(params, { position: null })} />
      ) : null}
    </Box>
  );
}

function OrderChoice({ order, params }: { order: NearOrder; params: URLSearchParams }) {
  return (
    <nav aria-label="Ordning" className="flex rounded-lg bg-stone-200 p-1 dark:bg-stone-800">
      {ORDERS.map((o) => (
        <Link
          key={o.order}
          to={nearHref(params, { order: o.order })}
          preventScrollReset
          replace
          aria-current={o.order === order ? "true" : undefined}
          className={cn(
            "inline-flex min-h-8 items-center rounded-md px-3 text-sm font-medium",
            o.order === order
              ? "bg-white text-stone-900 shadow-sm dark:bg-stone-700 dark:text-white"
              : "text-stone-700 hover:underline dark:text-stone-300",
          )}
        >
          {o.label}
        </Link>
      ))}
    </nav>
  );
}

function NearList({ listing, where, clearHref }: { listing: NearListing; where: string; clearHref: string }) {
  const { rows, total } = listing;
  return (
    <>
      <p className="mt-3 text-sm text-stone-700 dark:text-stone-300">
        {total === 0
          ? `Inga fler quiz ikväll${where ? ` ${where}` : ""}.`
          : `${rows.length < total ? `${rows.length} av ${total}` : total} quiz ikväll${where ? ` ${where}` : ""}, ${
              listing.order === "narmast" ? "närmast först" : "i tidsordning"
            }. Avstånden är fågelvägen från din position, avrundad till ungefär 100 m.`}
      </p>
      {rows.length ? (
        <ol className="mt-2 divide-y divide-stone-200 dark:divide-stone-800">
          {rows.map((row) => (
            <NearListRow key={row.key} row={row} />
          ))}
        </ol>
      ) : null}
      <p className="mt-3 text-xs text-stone-600 dark:text-stone-400">
        Positionen finns bara i sidans adress och sparas inte.{" "}
        <Link to={clearHref} preventScrollReset className="font-medium underline">
          Dölj avstånden
        </Link>
      </p>
    </>
  );
}

function NearListRow({ row }: { row: NearRow }) {
  return (
    <li data-near-row>
      <Link
        to={row.href}
        className="flex items-baseline gap-3 rounded-sm py-2 hover:bg-stone-50 dark:hover:bg-stone-800"
      >
        <span
          data-near-time
          className={cn(
            "w-12 shrink-0 font-semibold tabular-nums",
            row.cancelled && "text-stone-500 line-through",
          )}
        >
          {row.time}
        </span>
        <span className="min-w-0 flex-1">
          <span className="block font-medium">{row.title}</span>
          <span className="block truncate text-sm text-stone-600 dark:text-stone-400">
            {row.cancelled ? <strong className="text-red-800 dark:text-red-300">Inställt · </strong> : null}
            {row.running && !row.cancelled ? (
              <strong className="text-green-800 dark:text-green-300">Pågår · </strong>
            ) : null}
            {row.location}
          </span>
        </span>
        <span data-near-distance className="shrink-0 text-sm font-semibold tabular-nums">
          {row.distance ?? <span className="font-normal text-stone-500">okänt</span>}
          <span className="sr-only">{row.distance ? " bort" : " avstånd"}</span>
        </span>
      </Link>
    </li>
  );
}
