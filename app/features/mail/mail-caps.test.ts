import { describe, expect, it } from "vitest";
import { capsFor, type MailKind, mailProblem, normalizeAddress, SENT_MAIL_RETENTION_MS } from "./mail-caps";

const HOUR_MS = 60 * 60_000;
/** The cap of that name a mail of this kind must pass. */
const capOf = (kind: MailKind, name: string) => capsFor(kind).find((cap) => cap.name === name);
/** Every kind of mail: the every-kind cap counts them all. */
const ALL_KINDS = capsFor("sign-up").at(-1)?.kinds ?? [];

describe("mail caps", () => {
  it("counts account, host and confirmation mails against one budget of 3 an hour", () => {
    expect(capOf("sign-up", "unsolicited")).toMatchObject({ limit: 3, windowMs: HOUR_MS });
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
    // The morning mail a host chose shares the host notices' budget of 10 a day, not the account budget.
    expect(capOf("tonight-check", "host-notice")?.kinds.sort()).toEqual([
      "freshness-check",
      "host-removed",
      "night-not-held",
      "tonight-check",
    ]);
    expect(capOf("tonight-check", "unsolicited")).toBeUndefined();
    // List mail the person subscribed to is not counted.
    for (const kind of ["event-reminder", "event-alert", "nutidsquiz-issue"] as const) {
      expect(capsFor(kind).some((cap) => cap.name === "unsolicited")).toBe(false);
    }
  });

  it("allows one 'already has an account' mail a day, besides the account budget", () => {
    expect(capOf("existing-account", "existing-account")).toMatchObject({ limit: 1, windowMs: 24 * HOUR_MS });
    expect(capsFor("existing-account").map((cap) => cap.name)).toEqual([
      "unsolicited",
      "existing-account",
      "every",
    ]);
  });

  it("bounds every kind, also one without caps of its own, and the bound outlasts an account-mail flood", () => {
    const every = capsFor("nutidsquiz-review");
    expect(every).toHaveLength(1);
    expect(ALL_KINDS).toHaveLength(16);
    for (const kind of ALL_KINDS) expect(capsFor(kind).at(-1)).toEqual(every[0]);
    expect(every[0]).toMatchObject({ name: "every", kinds: ALL_KINDS });
    const unsolicited = capOf("sign-up", "unsolicited");
    const everyCap = every[0]!;
    const accountMailsPerDay = (unsolicited?.limit ?? 0) * (everyCap.windowMs / (unsolicited?.windowMs ?? 1));
    expect(everyCap.limit).toBeGreaterThan(accountMailsPerDay);
  });

  it("keeps sent mail at least as long as the longest cap counts back", () => {
    const windows = ALL_KINDS.flatMap((kind) => capsFor(kind).map((cap) => cap.windowMs));
    expect(Math.max(...windows)).toBeLessThanOrEqual(SENT_MAIL_RETENTION_MS);
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
