import "~/lib/zod-in-browser";
import { lazy, type ReactNode, Suspense, useEffect } from "react";
import {
  data,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useNavigation,
  useRouteError,
} from "react-router";
import { NavigationProgress, useSlowNavigation } from "~/components/layout/navigation-progress";
import { ScrollToTop } from "~/components/layout/scroll-to-top";
import { SiteHeader } from "~/components/layout/site-header";
import { SiteToaster } from "~/components/layout/site-toaster";
import { themeBootScript } from "~/components/layout/theme";
import { deferred, partsLoaded } from "~/components/ui/deferred";
import { BeerFlashNotice } from "~/features/beers/beer-flash-notice";
import { ADMIN_QUIZ_LIST_PATH } from "~/features/quizzes/admin/paths";
import { useCspNonce } from "~/lib/csp-nonce";
import { degradeWhenDatabaseDown } from "~/lib/degrade.server";
import { takeFlash } from "~/lib/flash.server";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";

/** The stylesheet is the one thing the first paint waits for. */
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet, precedence: "default" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const middleware: Route.MiddlewareFunction[] = [degradeWhenDatabaseDown];

export function loader({ request }: Route.LoaderArgs) {
  const taken = takeFlash(request);
  if (!taken) return { flash: null };
  return data({ flash: taken.flash }, { headers: taken.headers });
}

export const shouldRevalidate = () => false;

/** A page that shows a notice is for the browser that posted only. */
export function headers({ loaderHeaders }: Route.HeadersArgs): HeadersInit {
  const cacheControl = loaderHeaders.get("Cache-Control");
  return cacheControl ? { "Cache-Control": cacheControl } : {};
}

const SiteFooter = deferred(() => import("~/components/layout/site-footer").then((m) => m.SiteFooter));

/** Tests wait for this mark before acting. */
function HydrationMarker() {
  useEffect(() => {
    void partsLoaded().then(() =>
      requestAnimationFrame(() => {
        document.documentElement.dataset.hydrated = "true";
      }),
    );
  }, []);
  return null;
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useCspNonce();
  return (
    <html lang="sv" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#b45309" />
        <script
          nonce={nonce}
          // The browser's copy is empty (theme.ts): the script is the server's, and has run by then.
          suppressHydrationWarning
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a fixed script that applies the theme before paint
          dangerouslySetInnerHTML={{ __html: themeBootScript }}
        />
        <Meta />
        <Links nonce={nonce} />
      </head>
      <body className="flex min-h-dvh flex-col">
        <a
          href="#innehall"
          className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 dark:focus:bg-stone-900"
        >
          Hoppa till innehållet
        </a>
        {children}
        <HydrationMarker />
        <SiteToaster />
        <BeerFlashNotice />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** Admin code: never on a visitor's first load. */
const QuizListPendingPage = lazy(() =>
  import("~/features/quizzes/admin/quiz-list-pending-page").then((m) => ({ default: m.QuizListPendingPage })),
);

function usePendingPage(): ReactNode {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const target =
    navigation.state === "loading" && !navigation.formMethod ? navigation.location.pathname : null;
  if (target === ADMIN_QUIZ_LIST_PATH && pathname !== ADMIN_QUIZ_LIST_PATH)
    return (
      <Suspense fallback={null}>
        <QuizListPendingPage />
      </Suspense>
    );
  return null;
}

function Shell({ children }: { children: ReactNode }) {
  const isSlow = useSlowNavigation();
  const pendingPage = usePendingPage();
  return (
    <>
      <SiteHeader progress={<NavigationProgress isVisible={isSlow} />} />
      <main id="innehall" className="flex-1" aria-busy={isSlow || undefined}>
        {pendingPage ?? children}
      </main>
      <SiteFooter />
    </>
  );
}

export default function App() {
  return (
    <>
      <ScrollToTop />
      <Shell>
        <Outlet />
      </Shell>
    </>
  );
}

const ErrorContent = deferred(() => import("~/components/layout/error-content").then((m) => m.ErrorContent), {
  whenRendered: true,
});

export function ErrorBoundary() {
  return (
    <Shell>
      <ErrorContent error={useRouteError()} />
    </Shell>
  );
}
