/**
 * The raster tile server the city maps draw from (`MAP_TILES_URL`): a `{z}/{x}/{y}` address template whose
 * origin the Content-Security-Policy allows in img-src, and nothing else. Subdomain (`{s}`) and other
 * placeholders are refused: with them the tiles would come from several origins the policy cannot name.
 */
export const DEFAULT_MAP_TILES_URL = "https://tile.openstreetmap.org/{z}/{x}/{y}.png";

export type TileServer = { template: string; origin: string };

export type TileTemplateReading = { ok: true; server: TileServer } | { ok: false; message: string };

const PLACEHOLDERS = ["{z}", "{x}", "{y}"] as const;

function originWith(template: string, digit: string): string | null {
  try {
    const url = new URL(template.replaceAll(/\{[xyz]\}/g, digit));
    if (url.protocol !== "https:" && url.protocol !== "http:") return null;
    if (url.username || url.password) return null;
    return url.origin;
  } catch {
    return null;
  }
}

/** Reads a tile address template, or says in one line why it cannot be used. */
export function parseTileTemplate(value: string): TileTemplateReading {
  const refuse = (message: string): TileTemplateReading => ({ ok: false, message });
  if (/\s/.test(value)) return refuse("must not contain spaces");
  for (const placeholder of PLACEHOLDERS) {
    const count = value.split(placeholder).length - 1;
    if (count !== 1)
      return refuse(`must contain ${placeholder} exactly once, as in ${DEFAULT_MAP_TILES_URL}`);
  }
  if (/\{[^}]*\}/.test(value.replaceAll(/\{[xyz]\}/g, "")))
    return refuse("may use only the placeholders {z}, {x} and {y} (tiles must come from one origin)");
  const origin = originWith(value, "0");
  if (!origin) return refuse("must be an http(s) address without a user name or password");
  // A placeholder in the host would make the origin depend on the tile asked for.
  if (originWith(value, "1") !== origin) return refuse("must keep {z}, {x} and {y} out of the host name");
  return { ok: true, server: { template: value, origin } };
}
