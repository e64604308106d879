/** Recognises the raster image types the site accepts from their first bytes, never from the file name or the browser's claimed type: a text file renamed .jpg or an SVG (which can carry scripts) is refused. */
export type ImageKind = { type: string; ext: string };

const ascii = (bytes: Uint8Array, start: number, end: number) =>
  String.fromCharCode(...bytes.subarray(start, end));

export function sniffImage(bytes: Uint8Array): ImageKind | null {
  if (bytes.length < 12) return null;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { type: "image/jpeg", ext: "jpg" };
  if (ascii(bytes, 0, 8) === "\x89PNG\r\n\x1a\n") return { type: "image/png", ext: "png" };
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP")
    return { type: "image/webp", ext: "webp" };
  const gif = ascii(bytes, 0, 6);
  if (gif === "GIF87a" || gif === "GIF89a") return { type: "image/gif", ext: "gif" };
  // ISO-BMFF: a box of type 'ftyp' whose major or compatible brands name AVIF.
  if (ascii(bytes, 4, 8) === "ftyp") {
    const boxSize = new DataView(bytes.buffer, bytes.byteOffset, 4).getInt32(0);
    const end = Math.min(boxSize > 0 ? boxSize : 32, bytes.length, 64);
    for (let offset = 8; offset + 4 <= end; offset += 4) {
      const brand = ascii(bytes, offset, offset + 4);
      if (brand === "avif" || brand === "avis") return { type: "image/avif", ext: "avif" };
    }
  }
  return null;
}

/** Content type of a stored key, from the extension the upload gave it. */
export function contentTypeOfKey(key: string): string | null {
  const ext = key.slice(key.lastIndexOf(".") + 1).toLowerCase();
  return (
    { jpg: "image/jpeg", png: "image/png", webp: "image/webp", gif: "image/gif", avif: "image/avif" }[ext] ??
    null
  );
}
