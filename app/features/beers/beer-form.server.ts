import type { Db } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { flashCookie, readCookie, siteCookie } from "~/lib/flash.server";
import { uuidParam } from "~/lib/http.server";
import { CROSS_SITE_MESSAGE, isSameOriginRequest } from "~/lib/origin";
import { clientIp } from "~/lib/rate-limit.server";
import { recordBeerWithOthers } from "./beer-batcher.server";
import { BEER_FORM_INVALID_MESSAGE, type BeerFlash, encodeBeerFlash, returnPathOf } from "./beer-form";
import { BEER_COOLDOWN_MS, BEER_REQUEST_LIMIT } from "./beer-rules";
import { beerRequestSchema } from "./beer-schema";

/** Without JavaScript there is no browser-made visitor id (lib/visitor-id.ts): the form's skålor carry one in a cookie instead. */
const VISITOR_COOKIE = "quizkvall_visitor";

function visitorOf(request: Request): string {
  const parsed = beerRequestSchema.safeParse({ visitorId: readCookie(request, VISITOR_COOKIE) ?? "" });
  return parsed.success ? parsed.data.visitorId : crypto.randomUUID().replaceAll("-", "");
}

/** A skåla posted by the plain form (beer-form.ts): the same statement, cooldown and limits as the JSON endpoint (routes/api/beers.ts), answered by a redirect back to the page the button was on, with the outcome as that page's notice. */
export async function answerBeerForm(db: Db, request: Request, eventIdParam: string | undefined) {
  const refuse = (status: number, message: string) =>
    new Response(message, {
      status,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  if (!isSameOriginRequest(request, getEnv())) return refuse(403, CROSS_SITE_MESSAGE);
  // The button's form always says where it was; a post without that is not the button's.
  const form = await request.formData().catch(() => null);
  const returnTo = form?.get("returnTo");
  if (typeof returnTo !== "string") return refuse(400, BEER_FORM_INVALID_MESSAGE);
  const headers = new Headers({ Location: returnPathOf(returnTo), "Cache-Control": "no-store" });
  const eventId = uuidParam(eventIdParam);
  const answer = (flash: BeerFlash) => {
    headers.append("Set-Cookie", flashCookie(encodeBeerFlash(flash)));
    return new Response(null, { status: 303, headers });
  };
  if (!eventId) return answer({ eventId: "", outcome: "unknown-event" });
  const visitorId = visitorOf(request);
  const result = await recordBeerWithOthers(db, {
    eventId,
    visitorId,
    clientIp: clientIp(request),
    requestLimit: BEER_REQUEST_LIMIT,
  });
  switch (result.status) {
    case "accepted":
      headers.append("Set-Cookie", siteCookie(VISITOR_COOKIE, visitorId, BEER_COOLDOWN_MS / 1000));
      return answer({ eventId, outcome: "accepted", count: result.count });
    case "cooldown":
      return answer({ eventId, outcome: "cooldown", minutes: result.remainingMinutes });
    default:
      return answer({ eventId, outcome: result.status });
  }
}
