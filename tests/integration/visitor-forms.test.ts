import { eq } from "drizzle-orm";
import { assert, describe, expect, it } from "vitest";
import { reports } from "~/db/schema";
import { decodeBeerFlash } from "~/features/beers/beer-form";
import { cityByName } from "~/lib/cities";
import { getDb } from "~/lib/db.server";
import { action as beerFormAction } from "~/routes/public/beer-form";
import { action as reportPageAction } from "~/routes/public/report";
import { action as suggestPageAction } from "~/routes/public/suggest";
import { callRoute } from "../support/call-route";
import { insertEvent } from "../support/factories";

/**
 * The plain forms that stand in for skåla, 'Rapportera problem' and 'Saknar du ett quiz?' without
 * JavaScript: the same rules as the JSON endpoints, answered for a page.
 */
let ipCounter = 0;
const nextIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

function formPost(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "x-quizkvall-client-ip": nextIp(),
      origin: "http://localhost:3000",
      ...headers,
    },
    body: new URLSearchParams(fields),
  });
}

/** The cookies a response sets, by name. */
function cookiesOf(response: Response): Map<string, string> {
  return new Map(
    response.headers.getSetCookie().map((cookie) => {
      const [pair] = cookie.split(";");
      const at = pair?.indexOf("=") ?? -1;
      return [pair?.slice(0, at) ?? "", decodeURIComponent(pair?.slice(at + 1) ?? "")];
    }),
  );
}

type PageAnswer = {
  data: { ok: boolean; fieldErrors?: Record<string, string>; formError?: string | null };
  init: { status?: number };
};

describe("POST /skala/:eventId", () => {
  it("counts a skåla, returns to the page with the count, and refuses the next one within the cooldown", async () => {
    const event = await insertEvent(getDb());
    const path = `/skala/${event.id}`;
    const first = await callRoute(
      beerFormAction,
      formPost(path, { returnTo: "/quiz/goteborg?weekdays=tisdag" }),
      {
        eventId: event.id,
      },
    );
    expect(first.status).toBe(303);
    expect(first.headers.get("location")).toBe("/quiz/goteborg?weekdays=tisdag");
    expect(first.headers.get("cache-control")).toBe("no-store");
    const cookies = cookiesOf(first);
    expect(decodeBeerFlash(cookies.get("quizkvall_flash") ?? null)).toEqual({
      eventId: event.id,
      outcome: "accepted",
      count: event.beerCounter + 1,
    });
    const visitor = cookies.get("quizkvall_visitor");
    assert(visitor);
    expect(first.headers.getSetCookie().find((c) => c.startsWith("quizkvall_visitor"))).toMatch(
      /Max-Age=3600; Path=\/; HttpOnly; SameSite=Lax/,
    );

    const second = await callRoute(
      beerFormAction,
      formPost(path, { returnTo: "//evil.example/" }, { cookie: `quizkvall_visitor=${visitor}` }),
      { eventId: event.id },
    );
    expect(second.headers.get("location")).toBe("/");
    expect(decodeBeerFlash(cookiesOf(second).get("quizkvall_flash") ?? null)).toEqual({
      eventId: event.id,
      outcome: "cooldown",
      minutes: 60,
    });
    expect(cookiesOf(second).has("quizkvall_visitor")).toBe(false);
  });

  it("refuses another site's post and a post that is not the button's, counting nothing", async () => {
    const event = await insertEvent(getDb());
    const path = `/skala/${event.id}`;
    const crossSite = await callRoute(
      beerFormAction,
      formPost(path, { returnTo: "/" }, { origin: "https://evil.example" }),
      { eventId: event.id },
    );
    expect(crossSite.status).toBe(403);
    expect(await crossSite.text()).toBe("Förfrågan kommer från en annan webbplats.");
    const bare = await callRoute(beerFormAction, formPost(path, {}), { eventId: event.id });
    expect(bare.status).toBe(400);
    const unknown = await callRoute(beerFormAction, formPost("/skala/x", { returnTo: "/" }), {
      eventId: "x",
    });
    expect(decodeBeerFlash(cookiesOf(unknown).get("quizkvall_flash") ?? null)?.outcome).toBe("unknown-event");
    const accepted = await callRoute(beerFormAction, formPost(path, { returnTo: "/" }), {
      eventId: event.id,
    });
    expect(decodeBeerFlash(cookiesOf(accepted).get("quizkvall_flash") ?? null)).toMatchObject({
      outcome: "accepted",
      count: event.beerCounter + 1,
    });
  });
});

describe("the report page's action", () => {
  it("answers missing fields at their fields and stores a full report as pending", async () => {
    const event = await insertEvent(getDb());
    const citySlug = cityByName(event.city)?.slug ?? "";
    const params = { city: citySlug, slug: event.slug };
    const path = `/quiz/${citySlug}/${event.slug}/rapportera`;
    const missing = await callRoute<PageAnswer>(
      reportPageAction,
      formPost(path, { title: "Fel tid" }),
      params,
    );
    expect(missing.init.status).toBe(400);
    expect(missing.data.ok).toBe(false);
    expect(Object.keys(missing.data.fieldErrors ?? {}).sort()).toEqual(["description", "reportType"]);
    expect(missing.data.fieldErrors?.description).toBe("Typ, titel och beskrivning är obligatoriska");

    const full = await callRoute<PageAnswer>(
      reportPageAction,
      formPost(path, {
        reportType: "other",
        title: "Fel tid",
        description: "Börjar 20:00",
        contactEmail: "",
      }),
      params,
    );
    expect(full.init.status).toBe(200);
    expect(full.data.ok).toBe(true);
    const stored = await getDb().select().from(reports).where(eq(reports.eventId, event.id));
    expect(stored).toMatchObject([
      { title: "Fel tid", reportType: "other", status: "pending", contactEmail: null },
    ]);
  });

  it("refuses another site's post and answers an unknown event with a 404", async () => {
    const event = await insertEvent(getDb());
    const citySlug = cityByName(event.city)?.slug ?? "";
    const fields = { reportType: "other", title: "T", description: "D" };
    const crossSite = await callRoute<PageAnswer>(
      reportPageAction,
      formPost("/x", fields, { origin: "https://evil.example" }),
      { city: citySlug, slug: event.slug },
    );
    expect(crossSite.init.status).toBe(403);
    const unknown = await callRoute<PageAnswer>(reportPageAction, formPost("/x", fields), {
      city: citySlug,
      slug: "finns-inte",
    });
    expect(unknown.init.status).toBe(404);
    expect(await getDb().select().from(reports).where(eq(reports.eventId, event.id))).toEqual([]);
  });
});

describe("the suggestion page's action", () => {
  it("answers a missing venue at its field, stores a full suggestion, and keeps the endpoint's limit", async () => {
    const missing = await callRoute<PageAnswer>(
      suggestPageAction,
      formPost("/foresla-quiz", { city: "Malmö" }),
    );
    expect(missing.init.status).toBe(400);
    expect(missing.data.fieldErrors?.venueName).toBe("Ställets namn är obligatoriskt.");

    const venueName = `Formkrogen ${Date.now().toString(36)}`;
    const ip = nextIp();
    const ok = await callRoute<PageAnswer>(
      suggestPageAction,
      formPost("/foresla-quiz", { venueName, city: "Annan" }, { "x-quizkvall-client-ip": ip }),
    );
    expect(ok.data.ok).toBe(true);
    const stored = await getDb().select().from(reports).where(eq(reports.title, venueName));
    expect(stored).toMatchObject([{ reportType: "missing_quiz", status: "pending", eventId: null }]);

    let last: PageAnswer = ok;
    for (let i = 0; i < 20; i++)
      last = await callRoute<PageAnswer>(
        suggestPageAction,
        formPost("/foresla-quiz", { city: "Annan" }, { "x-quizkvall-client-ip": ip }),
      );
    expect(last.init.status).toBe(429);
    expect(last.data.formError).toBe("För många förslag. Försök igen om en stund.");
  });
});
