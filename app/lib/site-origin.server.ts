import { getEnv } from "~/lib/env.server";

/** Never the request's Host: a forged one would land in pages the cache serves to everyone. */
export function siteOrigin(): string {
  return getEnv().publicUrl;
}
