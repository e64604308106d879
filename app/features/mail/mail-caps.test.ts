import { describe, expect, it } from "vitest";
import {
  capsFor,
  EVERY_MAIL_CAP,
  EXISTING_ACCOUNT_CAP,
  longestCapWindowMs,
  MAIL_KINDS,
  mailProblem,
  normalizeAddress,
  SENT_MAIL_RETENTION_MS,
  UNSOLICITED_MAIL_CAP,
} from "./mail-caps";

describe("mail caps", () => {
  it("counts account, host and confirmation mails against one budget of 3 an hour", () => {
    expect(UNSOLICITED_MAIL_CAP).toMatchObject({ limit: 3, windowMs: 60 * 60_000 });
    const unsolicited = [
      "existing-account",
      "host-approved",
      "host-declined",
      "host-sign-in",
      "list-confirm",
      "password-reset",
      "reset-code",
      "sign-up",
    ] as const;
    for (const kind of unsolicited) {
      const budget = capsFor(kind).find((cap) => cap.name === "unsolicited");
      expect(budget?.kinds.sort()).toEqual([...unsolicited]);
    }
    // List mail the person subscribed to is not counted.
    for (const kind of ["event-reminder", "event-alert", "nutidsquiz-issue"] as const) {
      expect(capsFor(kind).some((cap) => cap.name === "unsolicited")).toBe(false);
    }
  });

  it("allows one 'already has an account' mail a day, besides the account budget", () => {
    expect(EXISTING_ACCOUNT_CAP).toMatchObject({ limit: 1, windowMs: 24 * 60 * 60_000 });
    expect(capsFor("existing-account").map((cap) => cap.name)).toEqual([
      "unsolicited",
      "existing-account",
      "every",
    ]);
  });

  it("bounds every kind, also one without caps of its own, and the bound outlasts an account-mail flood", () => {
    const every = capsFor("nutidsquiz-review");
    expect(every).toHaveLength(1);
    expect(every[0]).toMatchObject({ name: "every", kinds: Object.keys(MAIL_KINDS) });
    const accountMailsPerDay =
      UNSOLICITED_MAIL_CAP.limit * (EVERY_MAIL_CAP.windowMs / UNSOLICITED_MAIL_CAP.windowMs);
    expect(EVERY_MAIL_CAP.limit).toBeGreaterThan(accountMailsPerDay);
  });

  it("keeps sent mail at least as long as the longest cap counts back", () => {
    expect(longestCapWindowMs()).toBeLessThanOrEqual(SENT_MAIL_RETENTION_MS);
  });
});

describe("addresses and headers", () => {
  it("counts an address trimmed and in lower case", () => {
    expect(normalizeAddress("  Anna.Svensson@Example.SE \n")).toBe("anna.svensson@example.se");
  });

  it("refuses what is not one plain address, and headers that are not one line", () => {
    expect(mailProblem({ to: " Anna@Example.se " })).toBeNull();
    for (const to of [
      "anna",
      "a@b",
      "Anna <a@b.se>",
      "a@b.se, c@d.se",
      "a@b.se\r\nBcc: x@y.se",
      "a b@c.se",
    ]) {
      expect(mailProblem({ to }), to).not.toBeNull();
    }
    const unsubscribe = "<https://quizkvall.se/avsluta/abc>";
    expect(mailProblem({ to: "a@b.se", headers: { "List-Unsubscribe": unsubscribe } })).toBeNull();
    expect(mailProblem({ to: "a@b.se", headers: { "X-A": "ett\r\nBcc: x@y.se" } })).not.toBeNull();
    expect(mailProblem({ to: "a@b.se", headers: { "X A:": "ett" } })).not.toBeNull();
  });
});
