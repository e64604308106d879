import { type NewsItem, parseFeed } from "./feed";

const NEWS_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
const MAX_ITEMS = 60;

function titleKey(title: string): string {
  return title
    .toLocaleLowerCase("sv-SE")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** The same story in two feeds counts once, for the outlet that published it first. */
export async function fetchWeekItems(
  feeds: string[],
  options: { now: Date; fetch?: typeof fetch; timeoutMs?: number },
): Promise<NewsItem[]> {
  const doFetch = options.fetch ?? fetch;
  const all: NewsItem[] = [];
  for (const feed of feeds) {
    try {
      const response = await doFetch(feed, { signal: AbortSignal.timeout(options.timeoutMs ?? 15_000) });
      if (!response.ok) continue;
      all.push(...(await parseFeed(await response.text(), new URL(feed).hostname)));
    } catch {
      // One broken feed must not stop a quiz the others can feed.
    }
  }
  const since = options.now.getTime() - NEWS_WINDOW_MS;
  const links = new Set<string>();
  const titles = new Set<string>();
  const week: NewsItem[] = [];
  for (const item of all.sort((a, b) => a.publishedAt.getTime() - b.publishedAt.getTime())) {
    const time = item.publishedAt.getTime();
    if (time < since || time > options.now.getTime() + 60 * 60 * 1000) continue;
    const key = titleKey(item.title);
    if (links.has(item.link) || titles.has(key)) continue;
    links.add(item.link);
    titles.add(key);
    week.push(item);
  }
  return week.reverse().slice(0, MAX_ITEMS);
}
