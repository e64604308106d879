import Parser from "rss-parser";

export type NewsItem = { title: string; link: string; outlet: string; publishedAt: Date };

const parser = new Parser({ timeout: 15_000 });

/** Parses an RSS 2.0 or Atom document into news items (items without title, http(s) link or date are left out). */
export async function parseFeed(xml: string, fallbackOutlet: string): Promise<NewsItem[]> {
  const feed = await parser.parseString(xml);
  const outlet = feed.title?.trim() || fallbackOutlet;
  const items: NewsItem[] = [];
  for (const item of feed.items) {
    const title = item.title?.replace(/\s+/g, " ").trim();
    const link = (item.link ?? item.guid ?? "").trim();
    const date = item.isoDate ?? item.pubDate;
    const publishedAt = date ? new Date(date) : undefined;
    if (!title || !/^https?:\/\//.test(link) || !publishedAt || Number.isNaN(publishedAt.getTime())) continue;
    items.push({ title, link, outlet, publishedAt });
  }
  return items;
}
