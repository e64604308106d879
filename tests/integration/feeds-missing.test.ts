import { describe, expect, it } from "vitest";
import { getEnv } from "~/lib/env.server";
import { loader as cityFeedLoader } from "~/routes/feeds/city-ics";
import { loader as eventFeedLoader } from "~/routes/feeds/event-ics";
import { callRoute } from "../support/call-route";

/** A calendar that is not there (an ended or unknown quiz, an unknown city) is a Swedish 404, not "null". */
describe("missing calendar feeds", () => {
  it("answers an unknown event's and an unknown city's .ics with a Swedish 404", async () => {
    const origin = getEnv().publicUrl;
    const event = await callRoute<Response>(
      eventFeedLoader,
      new Request(`${origin}/quiz/malmo/finns-inte/kalender.ics`),
      { city: "malmo", slug: "finns-inte" },
    );
    expect(event.status).toBe(404);
    expect(await event.text()).toBe("Kalendern finns inte.");
    const city = await callRoute<Response>(cityFeedLoader, new Request(`${origin}/quiz/atlantis.ics`));
    expect(city.status).toBe(404);
    expect(event.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(await city.text()).toBe("Kalendern finns inte.");
  });
});
