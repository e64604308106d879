import { useEffect } from "react";
import { redirect, type ShouldRevalidateFunctionArgs, useLocation, useSearchParams } from "react-router";
import { deferred, withDeferredParts } from "~/components/ui/deferred";
import { getViewer } from "~/features/auth/guard.server";
import { MOBILE_BREAKPOINT_PX } from "~/features/event-listing/breakpoints";
import { HomeHeading } from "~/features/event-listing/home-hero";
import { loadHomeListing } from "~/features/event-listing/home-listing.server";
import { filterFormLanding } from "~/features/event-listing/list-landing";
import { PromoBubble } from "~/features/event-listing/promo-bubble";
import { readUploadLimit } from "~/features/images/upload.server";
import { pageMeta } from "~/features/seo/page-meta";
import { citiesOfPage } from "~/lib/cities";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { carriesPosition } from "~/lib/position-param";
import { siteOrigin } from "~/lib/site-origin.server";
import type { Route } from "./+types/home";

export function meta({ loaderData: data }: Route.MetaArgs): Route.MetaDescriptors {
  return pageMeta({
    title: "Quizkväll – pubquiz i Göteborg, Stockholm och Malmö",
    description:
      "Hitta kvällens pubquiz och musikquiz i Göteborg, Stockholm och Malmö, och spela veckans NutidsQuiz.",
    url: `${data?.origin ?? ""}/`,
  });
}

/**
 * The first page of the URL's listing, compact; the browser fetches every event's card after it is up.
 * Admins get the same page (their edit controls fetch an event in full when opened).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const now = requestNow(request);
  const params = new URL(request.url).searchParams;
  // A filter button pressed without JavaScript: on to the state it leads to (at the listing once a city and
  // a day are chosen).
  const target = filterFormLanding(params);
  if (target !== null) throw redirect(target);
  const [listing, viewer] = await Promise.all([loadHomeListing(getDb(), now, params), getViewer(request)]);
  // An admin's forms (adding, editing) refuse an image over the upload limit before posting it.
  const uploadLimit = viewer.isAdmin ? readUploadLimit() : null;
  return { ...listing, isAdmin: viewer.isAdmin, uploadLimit, origin: siteOrigin() };
}

/** Whether every event's card is in the browser: never before the page's code is, which fetches them. */
let hasFullListing = () => false;

/**
 * The page (hero, filters, search results, the listing with its links and skåla buttons) is an island
 * (ui/deferred.tsx): its code loads beside the route's and React hydrates it on its own; the filter buttons
 * are a GET form and the cards and page links are links, so they work meanwhile.
 */
const HomeView = deferred(() =>
  import("./home-view").then((m) => {
    hasFullListing = m.hasFullListing;
    return m.HomeView;
  }),
);

export function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return withDeferredParts(serverLoader(), HomeView);
}

/**
 * Filtering happens in the browser once it has every event: a query-only change then needs no new data.
 * Until then (or if the list could not be fetched) the server answers for the new filter or page, and always
 * while the address carries a position: "Ikväll nära dig" is the server's (features/places).
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  const near = carriesPosition(currentUrl.search) || carriesPosition(nextUrl.search);
  if (!formMethod && currentUrl.pathname === nextUrl.pathname && hasFullListing() && !near) return false;
  return defaultShouldRevalidate;
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const [params, setParams] = useSearchParams();
  const { search } = useLocation();
  const isList = params.get("view") === "list";
  // Kort/Lista is a phone's choice (the toggle is hidden from 768 px): a wider screen drops `view=list`
  // from the address rather than keep a choice it does not show.
  useEffect(() => {
    if (!isList || !window.matchMedia(`(min-width: ${MOBILE_BREAKPOINT_PX}px)`).matches) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete("view");
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [isList, setParams]);
  // The heading types as the page hydrates; the rest is the listing's island (above). The bubble shows
  // right after hydration, over the phone's list on the left; the page's bottom room (pb-28) lets the last
  // row scroll clear of it.
  return (
    <>
      <div className="mx-auto max-w-7xl px-4 pb-28 sm:px-6">
        <HomeHeading cities={citiesOfPage("/", search)} />
        <HomeView loaderData={loaderData} />
      </div>
      <PromoBubble side={isList ? "left" : "right"} />
    </>
  );
}
