import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // React Router 8 changes each of these. Until the app moves to it, each stays on today's behaviour, said
  // here rather than left unset (an unset flag prints a warning on every build and `npm run dev`); turning
  // one on is a change of its own, tested like any other.
  future: {
    v8_middleware: false,
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;
