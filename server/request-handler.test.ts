import { data, type ServerBuild } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { compileDirectRoutes, directAction, isFromElsewhere } from "./request-handler";

function fakeBuild(action: (args: { params: Record<string, string> }) => unknown) {
  const handleError = vi.fn();
  const build = {
    entry: { module: { handleError } },
    routes: {
      root: { id: "root", path: "", module: { default: () => null } },
      api: { id: "api", parentId: "root", path: "api", module: {} },
      beer: { id: "beer", parentId: "api", path: "events/:eventId/beer", module: { action } },
      page: { id: "page", parentId: "root", path: "quiz", module: { default: () => null, action } },
    },
  } as unknown as ServerBuild;
  return { build, handleError };
}

const request = new Request("http://localhost/api/events/abc/beer", { method: "POST" });
const context = {} as never;

describe("direct actions", () => {
  it("match the route's full path and hand its parameters to the action", async () => {
    const { build } = fakeBuild(({ params }) => Response.json({ got: params.eventId }));
    const routes = compileDirectRoutes(build, ["beer"]);
    const answer = await directAction(build, routes, "/api/events/a%20b/beer", request, context);
    expect(await answer?.json()).toEqual({ got: "a b" });
    expect(await directAction(build, routes, "/api/events/a/b/beer", request, context)).toBeUndefined();
    expect(await directAction(build, routes, "/api/events/a/beers", request, context)).toBeUndefined();
  });

  it("answer a thrown Response as it is, and any other error as React Router's bare 500", async () => {
    const answerTo = (thrown: unknown) => {
      const fake = fakeBuild(() => {
        throw thrown;
      });
      const routes = compileDirectRoutes(fake.build, ["beer"]);
      return { fake, answer: directAction(fake.build, routes, "/api/events/x/beer", request, context) };
    };
    const refused = answerTo(Response.json({ error: "För många förfrågningar." }, { status: 429 }));
    expect((await refused.answer)?.status).toBe(429);
    const failed = answerTo(new Error("boom"));
    expect((await failed.answer)?.status).toBe(500);
    expect(failed.fake.handleError).toHaveBeenCalledOnce();
  });

  it("refuse a route that renders a page", () => {
    const { build } = fakeBuild(() => null);
    expect(() => compileDirectRoutes(build, ["page"])).toThrow(/not a resource route/);
  });

  it("take a page route only when asked, and answer its data(…) as JSON with the init's status and headers", async () => {
    const { build } = fakeBuild(() =>
      data({ done: true }, { status: 201, headers: { "Cache-Control": "no-store" } }),
    );
    expect(() => compileDirectRoutes(build, ["page"])).toThrow(/not a resource route/);
    const routes = compileDirectRoutes(build, ["page"], { pages: true });
    const answer = await directAction(build, routes, "/quiz", request, context);
    expect(answer?.status).toBe(201);
    expect(answer?.headers.get("cache-control")).toBe("no-store");
    expect(answer?.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await answer?.json()).toEqual({ done: true });
  });
});

describe("a POST from elsewhere", () => {
  const post = (headers: Record<string, string>) =>
    new Request("https://quizkvall.se/utskick/avsluta/abc", { method: "POST", headers });

  it("is one whose Origin is another site's, null or missing", () => {
    expect(isFromElsewhere(post({ origin: "https://mail.example" }), "/utskick/avsluta/abc")).toBe(true);
    expect(isFromElsewhere(post({ origin: "null" }), "/utskick/avsluta/abc")).toBe(true);
    expect(isFromElsewhere(post({}), "/utskick/avsluta/abc")).toBe(true);
    expect(isFromElsewhere(post({ origin: "https://quizkvall.se" }), "/utskick/avsluta/abc")).toBe(false);
  });

  it("is never React Router's own data request", () => {
    expect(isFromElsewhere(post({ origin: "https://mail.example" }), "/utskick/avsluta/abc.data")).toBe(
      false,
    );
  });
});
