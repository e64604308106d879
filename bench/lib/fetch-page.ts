import http from "node:http";
import { gunzipSync } from "node:zlib";

export type FetchedPage = {
  status: number;
  ms: number;
  rawBytes: number;
  gzipBytes: number;
  text: string;
  headers: http.IncomingHttpHeaders;
};

/**
 * One GET as a browser asking for gzip makes it; the time includes reading the whole body. `rawBytes` is the
 * body as the browser parses it (after gunzip), `gzipBytes` what came over the wire.
 */
export function fetchPage(url: string, headers: Record<string, string> = {}): Promise<FetchedPage> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": "gzip", ...headers } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const ms = performance.now() - started;
          const body = Buffer.concat(chunks);
          const raw = res.headers["content-encoding"] === "gzip" ? gunzipSync(body) : body;
          resolve({
            status: res.statusCode ?? 0,
            ms,
            rawBytes: raw.length,
            gzipBytes: body.length,
            text: raw.toString(),
            headers: res.headers,
          });
        });
      })
      .on("error", reject);
  });
}
