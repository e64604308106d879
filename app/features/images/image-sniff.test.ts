import { describe, expect, it } from "vitest";
import { contentTypeOfKey, sniffImage } from "./image-sniff";

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(
    parts
      .flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p))
      .concat(Array(16).fill(0)),
  );

describe("sniffImage", () => {
  it("recognises the five accepted types from their bytes", () => {
    expect(sniffImage(bytes([0xff, 0xd8, 0xff, 0xe0]))?.type).toBe("image/jpeg");
    expect(sniffImage(bytes([0x89], "PNG\r\n\x1a\n"))?.ext).toBe("png");
    expect(sniffImage(bytes("RIFF", [1, 2, 3, 4], "WEBPVP8 "))?.ext).toBe("webp");
    expect(sniffImage(bytes("GIF89a"))?.ext).toBe("gif");
    expect(sniffImage(bytes("GIF87a"))?.ext).toBe("gif");
    expect(sniffImage(bytes([0, 0, 0, 0x1c], "ftypavif", [0, 0, 0, 0], "avifmif1"))?.type).toBe("image/avif");
    expect(sniffImage(bytes([0, 0, 0, 0x20], "ftypmif1", [0, 0, 0, 0], "mif1avif"))?.ext).toBe("avif");
  });

  it("refuses SVG, text renamed to an image, HEIC and tiny files", () => {
    expect(sniffImage(bytes('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull();
    expect(sniffImage(bytes('<?xml version="1.0"?><svg>'))).toBeNull();
    expect(sniffImage(bytes("Det här är bara text, inte en bild."))).toBeNull();
    expect(sniffImage(bytes([0, 0, 0, 0x18], "ftypheic", [0, 0, 0, 0], "mif1heic"))).toBeNull();
    expect(sniffImage(new Uint8Array([0xff, 0xd8, 0xff]))).toBeNull();
  });

  it("maps stored keys back to their content type", () => {
    expect(contentTypeOfKey("a.jpg")).toBe("image/jpeg");
    expect(contentTypeOfKey("a.avif")).toBe("image/avif");
    expect(contentTypeOfKey("a.svg")).toBeNull();
  });
});
