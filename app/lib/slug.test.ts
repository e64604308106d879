import { describe, expect, it } from "vitest";
import { slugify, uniqueSlug } from "./slug";

describe("slugify", () => {
  it("follows the slug rule", () => {
    expect(slugify("Göteborg")).toBe("goteborg");
    expect(slugify("Malmö")).toBe("malmo");
    expect(slugify("Ölstugan Tre Kronor")).toBe("olstugan-tre-kronor");
    expect(slugify("Pub & Quiz -- Kväll!")).toBe("pub-quiz-kvall");
    expect(slugify("  --Hej--  ")).toBe("hej");
    expect(slugify("Mat & Dryck-Quiz")).toBe("mat-dryck-quiz");
  });

  it("makes colliding slugs unique with -2, -3", () => {
    expect(uniqueSlug("quiz", [])).toBe("quiz");
    expect(uniqueSlug("quiz", ["quiz"])).toBe("quiz-2");
    expect(uniqueSlug("quiz", ["quiz", "quiz-2"])).toBe("quiz-3");
  });
});
