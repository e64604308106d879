/** Title, description, canonical link and Open Graph tags for a public page. */
export function pageMeta({
  title,
  description,
  url,
  image,
  type = "website",
  noindex = false,
}: {
  title: string;
  description: string;
  url: string;
  image?: string | null;
  type?: "website" | "article";
  noindex?: boolean;
}) {
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: type },
    { property: "og:site_name", content: "Quizkväll" },
    { property: "og:locale", content: "sv_SE" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    ...(image ? [{ property: "og:image", content: image }] : []),
    ...(noindex ? [{ name: "robots", content: "noindex" }] : []),
  ];
}

/** An absolute URL for a path or URL on this site. */
export function absoluteUrl(origin: string, pathOrUrl: string): string {
  return /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${origin}${pathOrUrl}`;
}
