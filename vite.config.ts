import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

/**
 * Every lucide icon module builds its component with lucide-react's `createLucideIcon`, whose general
 * machinery (icon context, attribute mapping, stroke options) is about 1.2 KB of gzip on every page. The
 * icon modules get the app's small factory instead (`components/ui/lucide-icon.ts`, same SVG), in the
 * client and the server build alike, so the app keeps importing its icons from "lucide-react".
 */
function lightLucideIcons(): Plugin {
  const factory = fileURLToPath(new URL("./app/components/ui/lucide-icon.ts", import.meta.url));
  return {
    name: "quizkvall:light-lucide-icons",
    enforce: "pre",
    resolveId(source, importer) {
      if (source === "../createLucideIcon.mjs" && importer?.includes("/lucide-react/dist/esm/icons/"))
        return factory;
    },
  };
}

/**
 * Small modules nearly every page loads at once: React's JSX runtime and react-dom's index, the icon base
 * and the icons of the shared UI, the button, toasts, the fetch wrapper and its retry, time and city
 * helpers, the theme (the root's boot script and the deferred theme toggle's switch, which apart would be
 * a chunk of their own). One chunk instead of a dozen tiny ones compresses better (about
 * 2.5 KB less gzip on home) and saves as many requests, each of which carries about 1 KB of headers. Only
 * modules without admin-only dependencies belong here.
 */
const SHARED_CLIENT_MODULES = [
  /app\/lib\/(cities|weekdays|api-client|visitor-id|shed-retry|cn)\.ts$/,
  /app\/features\/quizzes\/admin\/paths\.ts$/,
  /app\/components\/ui\/(button|toast|deferred|lucide-icon)\.tsx?$/,
  /app\/components\/layout\/theme\.ts$/,
  /app\/features\/seo\/page-meta\.ts$/,
  // Two one-line modules the city and event pages' routes (and the signup form's pages) import: on their
  // own they would be two requests of mostly chunk overhead.
  /app\/features\/event-listing\/city-not-found-error\.ts$/,
  /app\/features\/follows\/list-signup-path\.ts$/,
  // The islands of every page's header and footer, and what they share: one request instead of eight.
  /app\/components\/layout\/(header-search|site-footer|theme-toggle)\.tsx$/,
  /app\/components\/ui\/lazy-dialog\.tsx$/,
  /app\/features\/beers\/beer-flash-notice\.tsx$/,
  /app\/lib\/(live-query|use-hydrated)\.ts$/,
  /lucide-react\/dist\/esm\/icons\/(x|check|search)\.mjs$/,
  /react-jsx-runtime|react-dom\/(index|cjs\/react-dom\.production)|preload-helper|rolldown\/runtime/,
];

export default defineConfig({
  plugins: [lightLucideIcons(), tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  build: {
    rolldownOptions: {
      // Rolldown reports how long plugins took whenever a build passes 3 s, which on a busy machine is
      // every build: a note for plugin authors (most of it is React Router's and Tailwind's plugins), not
      // something a person starting the app can act on. Every other warning stays on.
      checks: { bundlerTimings: false },
    },
  },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: "shared", test: (id) => SHARED_CLIENT_MODULES.some((re) => re.test(id)) },
                // React Router as one chunk: every page loads all of it, and left to itself the bundler cuts it
                // in four or five by which route imports which part (about 3.4 KB more gzip and three more
                // requests on every public page, bench/README.md).
                { name: "react-router", test: /node_modules\/react-router\/dist\// },
                // Home's typed cities (header and hero) only: one request instead of two.
                { name: "typed-text", test: /app\/components\/layout\/(header-)?typed-text\.tsx$/ },
              ],
            },
          },
        },
      },
    },
  },
  ssr: {
    // Native and WASM packages must be loaded from node_modules at run time, never bundled.
    external: ["@electric-sql/pglite", "sharp", "postgres", "pino", "nodemailer"],
    // Bundled, so the server renders the icons with the same factory as the browser (lightLucideIcons).
    noExternal: ["lucide-react"],
  },
});
