import { listEventPaths } from "~/features/events/public.server";
import { listActiveQuizPages } from "~/features/quizzes/public.server";
import { CITIES, cityByName, cityMapPath } from "~/lib/cities";
import type { Db } from "~/lib/db.server";
import { WEEKDAY_SLUGS } from "~/lib/time";

type Entry = { path: string; lastmod?: Date };

/** Every public page: home, the weekly quiz pages, city, map and weekday pages, events and active quizzes. */
export async function listSitemapEntries(db: Db): Promise<Entry[]> {
  const [eventPaths, quizPages] = await Promise.all([listEventPaths(db), listActiveQuizPages(db)]);
  return [
    { path: "/" },
    { path: "/veckans-nutidsquiz" },
    { path: "/veckans-nutidsquiz/arkiv" },
    ...CITIES.flatMap((c) => [
      { path: `/quiz/${c.slug}` },
      { path: cityMapPath(c.slug) },
      ...Object.values(WEEKDAY_SLUGS).map((day) => ({ path: `/quiz/${c.slug}/${day}` })),
    ]),
    ...eventPaths.map((e) => ({
      path: `/quiz/${cityByName(e.city)?.slug}/${e.slug}`,
      lastmod: e.updatedAt,
    })),
    ...quizPages.map((q) => ({ path: `/veckans-nutidsquiz/${q.slug}`, lastmod: q.updatedAt })),
  ];
}

const escapeXml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export function renderSitemap(origin: string, entries: Entry[]): string {
  const urls = entries.map(
    (e) =>
      `  <url><loc>${escapeXml(origin + e.path)}</loc>${
        e.lastmod ? `<lastmod>${e.lastmod.toISOString().slice(0, 10)}</lastmod>` : ""
      }</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}
