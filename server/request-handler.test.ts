import type { ServerBuild } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { compileDirectRoutes, directAction } from "./request-handler";

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
});
