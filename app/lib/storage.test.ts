import { describe, expect, it } from "vitest";
import { parseImageUrl, publicImageUrl } from "./storage";

describe("parseImageUrl", () => {
  it("reads back what publicImageUrl wrote", () => {
    const key = "0b8f3c2e-1d4a-4f6b-9c3e-2a1b0c9d8e7f.webp";
    expect(parseImageUrl(publicImageUrl("quiz-images", key))).toEqual({ bucket: "quiz-images", key });
    expect(parseImageUrl("/images/event-images/demo-pub-3.jpg")).toEqual({
      bucket: "event-images",
      key: "demo-pub-3.jpg",
    });
  });

  it("refuses other addresses, unknown buckets, unsafe keys and broken escapes", () => {
    for (const url of [
      "https://example.se/images/event-images/a.jpg",
      "/images/private/a.jpg",
      "/images/event-images/",
      "/images/event-images/a.jpg?w=320",
      "/images/event-images/sub/a.jpg",
      "/images/event-images/..%2Fpglite",
      "/images/event-images/%E0%A4%A",
      "",
    ])
      expect(parseImageUrl(url), url).toBeNull();
  });
});
