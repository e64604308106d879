import { getEnv } from "~/lib/env.server";
import { createGeocoder, type Geocoder } from "./geocoder-client.server";

/** "Quizkvall/0.1 (+https://quizkvall.se)": the application and where it runs, as the policy asks. */
function geocoderUserAgent(siteOrigin: string): string {
  return `Quizkvall/0.1 (+${siteOrigin}; pubquiz listing, geocodes venue addresses on save)`;
}

let shared: { url: string; geocoder: Geocoder } | undefined;

/** This process's geocoder, or null when `GEOCODER_URL` is not set (then nothing is geocoded). */
export function configuredGeocoder(): Geocoder | null {
  const env = getEnv();
  if (!env.GEOCODER_URL) return null;
  if (shared?.url !== env.GEOCODER_URL)
    shared = {
      url: env.GEOCODER_URL,
      geocoder: createGeocoder({ url: env.GEOCODER_URL, userAgent: geocoderUserAgent(env.publicUrl) }),
    };
  return shared.geocoder;
}
