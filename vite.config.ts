import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

/**
 * Small modules nearly every page loads at once: React's JSX runtime and react-dom's index, the icon base
 * and the icons of the shared UI, the button, toasts, the lazy dialog trigger, the fetch wrapper and its
 * retry, time, city and occurrence helpers. One chunk instead of a dozen tiny ones compresses better (about
 * 2.5 KB less gzip on home) and saves as many requests, each of which carries about 1 KB of headers. Only
 * modules without admin-only dependencies belong here.
 */
const SHARED_CLIENT_MODULES = [
  /app\/lib\/(time|cities|api-client|visitor-id|shed-retry|cn)\.ts$/,
  /app\/features\/quizzes\/admin\/paths\.ts$/,
  /app\/components\/ui\/(button|toast|deferred)\.tsx?$/,
  /app\/features\/seo\/page-meta\.ts$/,
  /lucide-react\/dist\/esm\/(shared|Icon|createLucideIcon|defaultAttributes|context)/,
  /lucide-react\/dist\/esm\/icons\/(x|check|users|beer|flag)\.mjs$/,
  /react-jsx-runtime|react-dom\/(index|cjs\/react-dom\.production)|preload-helper|rolldown\/runtime/,
];

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
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
  },
});
