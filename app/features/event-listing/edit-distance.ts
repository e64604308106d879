/** Three rows of the edit table, reused by every comparison (a keystroke makes thousands). */
let rows = new Int32Array(3 * 64);

/** Banded Damerau–Levenshtein: only cells within `max` of the diagonal can stay within `max`. */
export function isWithinEdits(a: string, b: string, max: number): boolean {
  if (Math.abs(a.length - b.length) > max) return false;
  if (a === b) return true;
  const width = b.length + 1;
  if (rows.length < 3 * width) rows = new Int32Array(3 * width);
  const far = max + 1;
  // Row i of the table lives at ((i % 3) * width): the row being filled, the one above, the one above that.
  rows.fill(far, 0, 3 * width);
  for (let j = 0; j < width; j++) rows[j] = j;
  for (let i = 1; i <= a.length; i++) {
    const cur = (i % 3) * width;
    const prev = ((i - 1) % 3) * width;
    const before = ((i + 1) % 3) * width;
    rows.fill(far, cur, cur + width);
    if (i <= max) rows[cur] = i;
    let rowBest = rows[cur] as number;
    const to = Math.min(b.length, i + max);
    for (let j = Math.max(1, i - max); j <= to; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let d = Math.min(
        (rows[prev + j] as number) + 1,
        (rows[cur + j - 1] as number) + 1,
        (rows[prev + j - 1] as number) + cost,
      );
      if (
        i > 1 &&
        j > 1 &&
        a.charCodeAt(i - 1) === b.charCodeAt(j - 2) &&
        a.charCodeAt(i - 2) === b.charCodeAt(j - 1)
      )
        d = Math.min(d, (rows[before + j - 2] as number) + 1);
      rows[cur + j] = d;
      if (d < rowBest) rowBest = d;
    }
    if (rowBest > max) return false;
  }
  return (rows[(a.length % 3) * width + b.length] as number) <= max;
}
