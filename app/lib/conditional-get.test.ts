import { describe, expect, it } from "vitest";
import { isNotModified, notModified, validatorHeaders } from "./conditional-get";

const ETAG = '"l2-7-1795620540000"';
const MODIFIED = new Date("2026-11-25T15:00:00.400Z");
const headers = (h: Record<string, string>) => new Headers(h);

describe("conditional GET", () => {
  it("answers If-None-Match by weak comparison, in a list, and for *", () => {
    const v = { etag: ETAG };
    expect(isNotModified(headers({ "if-none-match": ETAG }), v)).toBe(true);
    expect(isNotModified(headers({ "if-none-match": `W/${ETAG}` }), v)).toBe(true);
    expect(isNotModified(headers({ "if-none-match": `"other", ${ETAG}` }), v)).toBe(true);
    expect(isNotModified(headers({ "if-none-match": "*" }), v)).toBe(true);
    expect(isNotModified(headers({ "if-none-match": '"l2-7-1795620480000"' }), v)).toBe(false);
    expect(isNotModified(headers({}), v)).toBe(false);
  });

  it("lets If-None-Match decide over If-Modified-Since", () => {
    const v = { etag: ETAG, lastModified: MODIFIED };
    const later = new Date(MODIFIED.getTime() + 60_000).toUTCString();
    expect(isNotModified(headers({ "if-none-match": '"old"', "if-modified-since": later }), v)).toBe(false);
  });

  it("answers If-Modified-Since to the second, and ignores a date it cannot read", () => {
    const v = { etag: ETAG, lastModified: MODIFIED };
    expect(isNotModified(headers({ "if-modified-since": MODIFIED.toUTCString() }), v)).toBe(true);
    const before = new Date(MODIFIED.getTime() - 1000).toUTCString();
    expect(isNotModified(headers({ "if-modified-since": before }), v)).toBe(false);
    expect(isNotModified(headers({ "if-modified-since": "gisten" }), v)).toBe(false);
    expect(isNotModified(headers({ "if-modified-since": MODIFIED.toUTCString() }), { etag: ETAG })).toBe(
      false,
    );
  });

  it("sends a bodiless 304 with the validators and the given caching headers", async () => {
    const v = { etag: ETAG, lastModified: MODIFIED };
    const res = notModified(v, { "Cache-Control": "public, max-age=600" });
    expect(res.status).toBe(304);
    expect(await res.text()).toBe("");
    expect(res.headers.get("etag")).toBe(ETAG);
    expect(res.headers.get("last-modified")).toBe("Wed, 25 Nov 2026 15:00:00 GMT");
    expect(res.headers.get("cache-control")).toBe("public, max-age=600");
    expect(validatorHeaders({ etag: ETAG })).toEqual({ ETag: ETAG });
  });
});
