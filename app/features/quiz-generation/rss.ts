/** Headlines from RSS 2.0 or Atom feeds, with their links. Pure text parsing: feeds are small and flat. */
export type Headline = { title: string; link: string };

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decode(text: string): string {
  return text
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, "$1")
    .replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (match, entity: string) => {
      if (entity[0] === "#") {
        const code =
          entity[1].toLowerCase() === "x" ? Number.parseInt(entity.slice(2), 16) : Number(entity.slice(1));
        return Number.isFinite(code) ? String.fromCodePoint(code) : match;
      }
      return ENTITIES[entity.toLowerCase()] ?? match;
    })
    .replace(/<[^>]+>/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

function tag(block: string, name: string): string | undefined {
  const match = block.match(new RegExp(`<${name}(?:\\s[^>]*)?>([\\s\\S]*?)</${name}>`, "i"));
  return match ? decode(match[1]) : undefined;
}

export function parseHeadlines(xml: string): Headline[] {
  const headlines: Headline[] = [];
  for (const [, block] of xml.matchAll(/<item(?:\s[^>]*)?>([\s\S]*?)<\/item>/gi)) {
    const title = tag(block, "title");
    const link = tag(block, "link") ?? tag(block, "guid");
    if (title && link && /^https?:\/\//.test(link)) headlines.push({ title, link });
  }
  for (const [, block] of xml.matchAll(/<entry(?:\s[^>]*)?>([\s\S]*?)<\/entry>/gi)) {
    const title = tag(block, "title");
    const link = block.match(/<link[^>]*href="([^"]+)"/i)?.[1];
    if (title && link && /^https?:\/\//.test(link)) headlines.push({ title, link: decode(link) });
  }
  return headlines;
}
