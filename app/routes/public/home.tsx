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

/** Admins get the same page; their edit controls fetch an event in full when opened. */
export async function loader({ request }: Route.LoaderArgs) {
  const now = requestNow(request);
  const params = new URL(request.url).searchParams;
  // A filter button pressed without JavaScript.
  const target = filterFormLanding(params);
  if (target !== null) throw redirect(target);
  const [listing, viewer] = await Promise.all([loadHomeListing(getDb(), now, params), getViewer(request)]);
  const uploadLimit = viewer.isAdmin ? readUploadLimit() : null;
  return { ...listing, isAdmin: viewer.isAdmin, uploadLimit, origin: siteOrigin() };
}

/** Never true before the page's code is in, which fetches the cards. */
let hasFullListing = () => false;

/** An island (ui/deferred.tsx): the filters are a GET form and the cards links, so they work before it hydrates. */
const HomeView = deferred(() =>
  import("./home-view").then((m) => {
    hasFullListing = m.hasFullListing;
    return m.HomeView;
  }),
);

export function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return withDeferredParts(serverLoader(), HomeView);
}

/** Filtering happens in the browser once it has every event; a position in the address is the server's to answer. */
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
  // Kort/Lista is a phone's choice (hidden from 768 px): a wider screen drops `view=list`.
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
  // pb-28 lets the last row scroll clear of the bubble.
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
