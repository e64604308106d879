import "~/lib/zod-in-browser";
import { ShieldAlert } from "lucide-react";
import { lazy, type ReactNode, Suspense, useEffect } from "react";
import {
  isRouteErrorResponse,
  Link,
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
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import { SiteToaster } from "~/components/layout/site-toaster";
import { themeBootScript } from "~/components/layout/theme";
import { buttonClasses } from "~/components/ui/button";
import { ADMIN_QUIZ_LIST_PATH } from "~/features/quizzes/admin/paths";
import { useCspNonce } from "~/lib/csp-nonce";
import { UNAVAILABLE_HEADING, UNAVAILABLE_HINT, UNAVAILABLE_STATUS } from "~/lib/unavailable";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";

/**
 * The stylesheet is the one thing the first paint waits for. With `precedence` React treats it as a
 * stylesheet resource and puts it at the top of the head, before the scripts' modulepreload links (which
 * React hoists above everything else otherwise), so the browser asks for it first and it does not queue
 * behind a dozen scripts for one of the six connections a host gets over HTTP/1.1.
 */
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet, precedence: "default" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/** Marks the document once React has hydrated it (also on error pages): tests wait for it before acting. */
function HydrationMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return null;
}

export function Layout({ children }: { children: ReactNode }) {
  // The response's nonce, the same on the server and while hydrating (csp-nonce.ts).
  const nonce = useCspNonce();
  return (
    <html lang="sv" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#b45309" />
        <script
          nonce={nonce}
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
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** Admin code: loaded when a navigation to the admin quiz list starts, never on a visitor's first load. */
const QuizListPendingPage = lazy(() =>
  import("~/features/quizzes/admin/quiz-list-pending-page").then((m) => ({ default: m.QuizListPendingPage })),
);

/**
 * The page that stands in for the outlet while a navigation from another page waits for its data: the
 * admin quiz list's six skeleton cards. Other pages keep showing the old page under the progress bar.
 */
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

export function NotFoundContent() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-6xl font-bold text-brand-600 dark:text-brand-300">404</p>
      <h1 className="mt-4 text-2xl font-semibold">Sidan hittades inte</h1>
      <p className="mt-2 text-stone-600 dark:text-stone-400">
        Sidan du letar efter finns inte eller har flyttats.
      </p>
      <Link to="/" className={buttonClasses("primary", "mt-8")}>
        Till startsidan
      </Link>
    </div>
  );
}

/** What a non-admin sees on quiz management (the guard's "forbidden-page" denial). */
export function AccessDeniedContent() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <ShieldAlert aria-hidden className="size-12 text-brand-700 dark:text-brand-300" />
      <h1 className="mt-4 text-2xl font-semibold">Åtkomst nekad</h1>
      <p className="mt-2 text-stone-600 dark:text-stone-400">
        Du behöver vara inloggad som admin för att se den här sidan.
      </p>
      <Link to="/admin" className={buttonClasses("primary", "mt-8")}>
        Logga in som admin
      </Link>
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <Shell>
      <ErrorContent error={useRouteError()} />
    </Shell>
  );
}

/**
 * What a visitor sees while the site cannot serve the page (the database does not answer): a 503 that says
 * so in Swedish, and a way to try again. The rest of the shell (header, footer) works as usual.
 */
export function UnavailableContent() {
  // A full load of the same address: the router's own state is the failed one.
  const { pathname, search } = useLocation();
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <h1 className="text-2xl font-semibold">{UNAVAILABLE_HEADING}</h1>
      <p className="mt-2 text-stone-600 dark:text-stone-400">{UNAVAILABLE_HINT}</p>
      <a href={`${pathname}${search}`} className={buttonClasses("primary", "mt-8")}>
        Försök igen
      </a>
    </div>
  );
}

/** What the error boundary shows inside the page shell, by kind of error. */
export function ErrorContent({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <>
        <title>Sidan hittades inte – Quizkväll</title>
        <NotFoundContent />
      </>
    );
  }
  if (isRouteErrorResponse(error) && error.status === 403) {
    return (
      <>
        <title>Åtkomst nekad – Quizkväll</title>
        <meta name="robots" content="noindex" />
        <AccessDeniedContent />
      </>
    );
  }
  if (isRouteErrorResponse(error) && error.status === UNAVAILABLE_STATUS) {
    return (
      <>
        <title>Tillfälligt otillgängligt – Quizkväll</title>
        <meta name="robots" content="noindex" />
        <UnavailableContent />
      </>
    );
  }
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <>
      <title>Fel – Quizkväll</title>
      <div className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-2xl font-semibold">Unexpected Application Error!</h1>
        <p className="mt-2 text-stone-600 dark:text-stone-400">{detail}</p>
        <Link to="/" className={buttonClasses("primary", "mt-8")}>
          Till startsidan
        </Link>
      </div>
    </>
  );
}
