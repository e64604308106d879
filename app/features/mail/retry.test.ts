import { describe, expect, it } from "vitest";
import { classifySendError, MAIL_RETRY, retryDelayMs } from "./retry";

describe("retry delays", () => {
  it("doubles from 5 s up to 10 minutes", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => retryDelayMs(n) / 1000)).toEqual([
      5, 10, 20, 40, 80, 160, 320, 600, 600, 600,
    ]);
    expect(retryDelayMs(1000)).toBe(MAIL_RETRY.maxDelayMs);
  });

  it("follows a policy of its own", () => {
    const policy = { firstDelayMs: 20, maxDelayMs: 100, giveUpAfterMs: 1000 };
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, policy))).toEqual([20, 40, 80, 100]);
  });
});

describe("what a failed delivery means", () => {
  it("a 5xx reply to the recipient or the message is a refusal for good", () => {
    expect(
      classifySendError({ code: "EENVELOPE", responseCode: 550, command: "RCPT TO", permanent: true }),
    ).toBe("refused");
    expect(classifySendError({ code: "EMESSAGE", responseCode: 554, command: "DATA", permanent: true })).toBe(
      "refused",
    );
  });

  it("no conversation (refused connection, timeout, 421, a greeting that refuses) is an unavailable server", () => {
    expect(classifySendError({ code: "ESOCKET", command: "CONN" })).toBe("unavailable");
    expect(classifySendError({ code: "ETIMEDOUT" })).toBe("unavailable");
    expect(classifySendError({ code: "EPROTOCOL", responseCode: 421, command: "CONN" })).toBe("unavailable");
    expect(
      classifySendError({ code: "EPROTOCOL", responseCode: 554, command: "CONN", permanent: true }),
    ).toBe("unavailable");
  });

  it("anything else is tried again: a 4xx, a connection lost in mid-message, an unknown error", () => {
    expect(
      classifySendError({ code: "EENVELOPE", responseCode: 451, command: "RCPT TO", permanent: false }),
    ).toBe("failed");
    expect(classifySendError({ code: "ECONNECTION", command: "DATA" })).toBe("failed");
    expect(classifySendError(new Error("boom"))).toBe("failed");
    expect(classifySendError("boom")).toBe("failed");
  });
});
