import { noticeFacts } from "~/features/privacy/notice-facts.server";
import { PrivacyNotice } from "~/features/privacy/privacy-notice";
import { pageMeta } from "~/features/seo/page-meta";
import { getEnv } from "~/lib/env.server";
import { siteOrigin } from "~/lib/site-origin.server";
import type { Route } from "./+types/privacy";

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  return pageMeta({
    title: "Integritet – Quizkväll",
    description:
      "Vilka personuppgifter Quizkväll sparar, varför, hur länge, vem som ansvarar och vilka rättigheter du har.",
    url: `${loaderData?.origin ?? ""}/integritet`,
  });
}

export function loader() {
  return { origin: siteOrigin(), facts: noticeFacts(getEnv()) };
}

export default function Privacy({ loaderData }: Route.ComponentProps) {
  return <PrivacyNotice facts={loaderData.facts} />;
}
