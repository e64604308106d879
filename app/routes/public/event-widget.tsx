import { renderToStaticMarkup } from "react-dom/server";
import { widgetOf } from "~/features/event-widget/widget";
import { WidgetDocument, WidgetGone } from "~/features/event-widget/widget-document";
import { eventListCache } from "~/features/events/public.server";
import { cityBySlug } from "~/lib/cities";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { siteOrigin } from "~/lib/site-origin.server";
import type { Route } from "./+types/event-widget";

// Framed on many pages of a venue's site: a minute in the browser, and the page cache in front of rendering.
const HEADERS = { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "public, max-age=60" };

function page(markup: string, status: number) {
  return new Response(`<!doctype html>${markup}`, { status, headers: HEADERS });
}

/**
 * /quiz/{city}/{slug}/widget: the event's next nights as a small page for the venue's own site; the only
 * address another site may frame (server/security-headers.ts).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const origin = siteOrigin();
  const city = cityBySlug(params.city);
  const now = requestNow(request);
  const listing = city ? await eventListCache.listingAt(getDb(), now) : null;
  const event = listing?.views.find((e) => e.city === city?.name && e.slug === params.slug);
  if (!event) return page(renderToStaticMarkup(<WidgetGone origin={origin} />), 404);
  return page(renderToStaticMarkup(<WidgetDocument widget={widgetOf(event, now)} origin={origin} />), 200);
}
