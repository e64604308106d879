import { describe, expect, it } from "vitest";
import { isImageWidth, responsiveImage } from "./image-variants";

describe("image variants", () => {
  it("accepts only the served widths", () => {
    expect([320, 640, 1024, 1920].every(isImageWidth)).toBe(true);
    expect(isImageWidth(300)).toBe(false);
  });

  it("builds a srcset for stored images and leaves external URLs alone", () => {
    expect(responsiveImage("/images/event-images/a.jpg")).toEqual({
      src: "/images/event-images/a.jpg?w=640",
      srcSet:
        "/images/event-images/a.jpg?w=320 320w, /images/event-images/a.jpg?w=640 640w, /images/event-images/a.jpg?w=1024 1024w, /images/event-images/a.jpg?w=1920 1920w",
    });
    expect(responsiveImage("https://example.com/x.jpg")).toEqual({ src: "https://example.com/x.jpg" });
  });
});
