import {
  createRequestHandler,
  type ServerBuild,
  UNSAFE_withComponentProps as withComponentProps,
  UNSAFE_withErrorBoundaryProps as withErrorBoundaryProps,
} from "react-router";
import { vi } from "vitest";
import * as entry from "~/entry.server";
import { logger } from "~/lib/logger.server";
import { routerContextFor } from "~/lib/request-context.server";
import { newRequestScope, runInRequestScope } from "~/lib/request-scope.server";
import * as root from "~/root";

// The stylesheet's address comes from the build; the tests have none.
vi.mock("~/app.css?url", () => ({ default: "/assets/app.css" }));

type RouteModule = NonNullable<ServerBuild["routes"][string]>["module"];
type Page = Parameters<typeof withComponentProps>[0];
type Boundary = Parameters<typeof withErrorBoundaryProps>[0];

/** A route module as the build has it: its page and error boundary given their props (React Router's Vite plugin). */
function asBuilt(module: object): RouteModule {
  const { default: Page, ErrorBoundary } = module as { default?: Page; ErrorBoundary?: Boundary };
  return {
    ...module,
    ...(Page ? { default: withComponentProps(Page) } : {}),
    ...(ErrorBoundary ? { ErrorBoundary: withErrorBoundaryProps(ErrorBoundary) } : {}),
  } as RouteModule;
}

/** One page of app/routes.ts: its id, its path under the root and its module. */
export type PageRoute = { id: string; path: string; module: object };

/**
 * Serves requests through React Router's own server runtime, as the production server does (the app's
 * entry.server.tsx, root.tsx with its middleware and error boundary), for `pages` only: the whole answer,
 * status and HTML, of a page whose loader or action failed. No build is needed; the browser's assets are
 * named but never asked for.
 */
export function pageHandler(pages: PageRoute[]): (request: Request) => Promise<Response> {
  const all = [{ id: "root", path: "", module: root }, ...pages].map((page) => ({
    ...page,
    module: asBuilt(page.module),
  }));
  const build: ServerBuild = {
    entry: { module: entry },
    routes: Object.fromEntries(
      all.map(({ id, path, module }) => [
        id,
        {
          id,
          path,
          module,
          parentId: id === "root" ? undefined : "root",
          index: undefined,
          caseSensitive: undefined,
        },
      ]),
    ),
    assets: {
      entry: { module: "/assets/entry.client.js", imports: [] },
      routes: Object.fromEntries(
        all.map(({ id, path, module }) => [
          id,
          {
            id,
            path,
            parentId: id === "root" ? undefined : "root",
            module: `/assets/${id.replaceAll("/", "-")}.js`,
            hasAction: "action" in module,
            hasLoader: "loader" in module,
            hasClientAction: false,
            hasClientLoader: false,
            hasClientMiddleware: false,
            hasErrorBoundary: "ErrorBoundary" in module,
            clientActionModule: undefined,
            clientLoaderModule: undefined,
            clientMiddlewareModule: undefined,
            hydrateFallbackModule: undefined,
          },
        ]),
      ),
      url: "/assets/manifest.js",
      version: "test",
    },
    basename: "/",
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  };
  const handle = createRequestHandler(build, "production");
  // Each request in a scope of its own, with the context the server gives it (server/request-handler.ts).
  return (request) =>
    runInRequestScope(newRequestScope(request.signal), () =>
      handle(request, routerContextFor({ requestId: "test", logger })),
    );
}
