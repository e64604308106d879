/**
 * The slug rule: lower-case; å and ä become a, ö becomes o; runs of other non-alphanumerics become
 * one hyphen; repeated hyphens collapse; edge hyphens are trimmed.
 */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[åä]/g, "a")
    .replace(/ö/g, "o")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "");
}

/** Picks the first free slug among base, base-2, base-3 … given the slugs already taken. */
export function uniqueSlug(base: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!used.has(candidate)) return candidate;
  }
}
