import { describe, expect, it } from "vitest";
import { readRecoveryHash, recoveryErrorOf } from "./recovery-errors";

describe("readRecoveryHash", () => {
  it("ignores hashes that are not about recovery", () => {
    expect(readRecoveryHash("")).toBeNull();
    expect(readRecoveryHash("#innehall")).toBeNull();
  });

  it("takes the token of a recovery hash or an access_token", () => {
    expect(readRecoveryHash("#type=recovery&token_hash=abc")).toEqual({ token: "abc" });
    expect(readRecoveryHash("#access_token=xyz&refresh_token=r&type=recovery")).toEqual({ token: "xyz" });
    expect(readRecoveryHash("#access_token=xyz")).toEqual({ token: "xyz" });
  });

  it("reports a recovery hash without a token as unverifiable, and an error hash as invalid", () => {
    expect(readRecoveryHash("#type=recovery")).toEqual({ error: "unverifiable" });
    expect(readRecoveryHash("#error=access_denied&error_code=otp_expired")).toEqual({ error: "invalid" });
  });
});

describe("recoveryErrorOf", () => {
  it("reads better-auth's refusals of a reset link, and nothing else", () => {
    expect(recoveryErrorOf("INVALID_TOKEN")).toBe("invalid");
    expect(recoveryErrorOf("TOO_MANY_REQUESTS")).toBe("unverifiable");
    expect(recoveryErrorOf("INVALID_CALLBACK_URL")).toBe("unverifiable");
    expect(recoveryErrorOf("access_denied")).toBeNull();
    expect(recoveryErrorOf(null)).toBeNull();
  });
});
