import { describe, expect, it } from "vitest";
import { isWithinEdits } from "./edit-distance";

describe("isWithinEdits", () => {
  it("counts edits, with a swap of neighbours as one", () => {
    expect(isWithinEdits("kompasen", "kompassen", 1)).toBe(true);
    expect(isWithinEdits("abcd", "bacd", 1)).toBe(true);
    expect(isWithinEdits("abcd", "badc", 1)).toBe(false);
    expect(isWithinEdits("abcd", "badc", 2)).toBe(true);
    expect(isWithinEdits("quiz", "quizkväll", 2)).toBe(false);
    expect(isWithinEdits("", "ab", 2)).toBe(true);
    expect(isWithinEdits("stockholm", "stokholm", 1)).toBe(true);
  });

  it("agrees with the whole table on random words, buffers reused from one comparison to the next", () => {
    // The optimal string alignment distance, the whole table.
    const distance = (a: string, b: string) => {
      const d = Array.from({ length: a.length + 1 }, (_, i) =>
        Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
      );
      for (let i = 1; i <= a.length; i++)
        for (let j = 1; j <= b.length; j++) {
          const row = d[i] as number[];
          const up = d[i - 1] as number[];
          row[j] = Math.min(
            (up[j] as number) + 1,
            (row[j - 1] as number) + 1,
            (up[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1),
          );
          if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
            row[j] = Math.min(row[j] as number, ((d[i - 2] as number[])[j - 2] as number) + 1);
        }
      return (d[a.length] as number[])[b.length] as number;
    };
    let seed = 7;
    const random = () => {
      seed = (seed * 48271) % 2147483647;
      return seed / 2147483647;
    };
    const word = () =>
      Array.from({ length: 1 + Math.floor(random() * 9) }, () => "abcd"[Math.floor(random() * 4)]).join("");
    for (let n = 0; n < 2000; n++) {
      const [a, b, max] = [word(), word(), Math.floor(random() * 3)];
      expect(isWithinEdits(a, b, max), `${a} ${b} ${max}`).toBe(distance(a, b) <= max);
    }
  });
});
