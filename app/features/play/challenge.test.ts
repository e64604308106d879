import { describe, expect, it } from "vitest";
import { challengeHeadline, challengeRequestSchema, challengeVerdict } from "./challenge";

const name = (value: unknown) => challengeRequestSchema.safeParse({ visitorId: "v", name: value });

describe("Utmana en vän", () => {
  const anna = { name: "Anna", score: 7, total: 10 };

  it("says whom to beat, and who won", () => {
    expect(challengeHeadline(anna)).toBe("Kan du slå Anna? 7 av 10");
    expect(challengeHeadline({ ...anna, name: "" })).toBe("Kan du slå din vän? 7 av 10");
    expect(challengeVerdict(8, anna)).toBe("Du slog Anna!");
    expect(challengeVerdict(7, anna)).toBe("Oavgjort!");
    expect(challengeVerdict(6, anna)).toBe("Anna vann den här gången.");
    expect(challengeVerdict(6, { ...anna, name: "" })).toBe("Din vän vann den här gången.");
  });

  it("takes a name of at most 30 characters without control characters, trimmed", () => {
    expect(name("  Anna  ").data?.name).toBe("Anna");
    expect(name(undefined).data?.name).toBe("");
    expect(name("x".repeat(31)).error?.issues[0]?.message).toBe("Namnet får vara högst 30 tecken.");
    expect(name("Anna\u0000").success).toBe(false);
  });
});
