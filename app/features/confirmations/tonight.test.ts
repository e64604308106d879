import { describe, expect, it } from "vitest";
import { TONIGHT_SUBJECT, tonightLinkExpiry, tonightMail } from "./tonight";
import { signTonightLink, verifyTonightLink } from "./tonight-token.server";

const SECRET = "a-test-secret-of-at-least-thirty-two-chars";
const EVENT = "0f8fad5b-d9cb-469f-a165-70867728950e";
const LINK = { answer: "yes", eventId: EVENT, date: "2026-12-01", userId: "host-1" } as const;

describe("a morning-mail link", () => {
  it("works until the end of its night's Stockholm date, in winter and in summer", () => {
    expect(tonightLinkExpiry("2026-12-01").toISOString()).toBe("2026-12-01T23:00:00.000Z");
    expect(tonightLinkExpiry("2026-07-01").toISOString()).toBe("2026-07-01T22:00:00.000Z");
    // The night before the clocks go forward: midnight is still UTC+1.
    expect(tonightLinkExpiry("2027-03-27").toISOString()).toBe("2027-03-27T23:00:00.000Z");
    expect(tonightLinkExpiry("2026-12-31").toISOString()).toBe("2026-12-31T23:00:00.000Z");
  });

  it("verifies what it signed, each field read from the signed part", () => {
    const token = signTonightLink(LINK, SECRET);
    const morning = new Date("2026-12-01T08:00:00Z");
    expect(verifyTonightLink(token, morning, SECRET)).toEqual({
      ok: true,
      link: LINK,
      expiresAt: new Date("2026-12-01T23:00:00.000Z"),
    });
    const no = signTonightLink({ ...LINK, answer: "no", userId: "a.b c/ü" }, SECRET);
    const checked = verifyTonightLink(no, morning, SECRET);
    expect(checked.ok && checked.link).toEqual({ ...LINK, answer: "no", userId: "a.b c/ü" });
  });

  it("expires at midnight Stockholm time, to the millisecond", () => {
    const token = signTonightLink(LINK, SECRET);
    expect(verifyTonightLink(token, new Date("2026-12-01T22:59:59.999Z"), SECRET).ok).toBe(true);
    expect(verifyTonightLink(token, new Date("2026-12-01T23:00:00.000Z"), SECRET)).toEqual({
      ok: false,
      reason: "expired",
    });
  });

  it("refuses a link that was changed, made with another secret or for another kind of link", () => {
    const at = new Date("2026-12-01T08:00:00Z");
    const token = signTonightLink(LINK, SECRET);
    const invalid = { ok: false, reason: "invalid" };
    // Another answer, date or event under the same signature.
    expect(verifyTonightLink(token.replace(/^yes\./, "no."), at, SECRET)).toEqual(invalid);
    expect(verifyTonightLink(token.replace("2026-12-01", "2026-12-02"), at, SECRET)).toEqual(invalid);
    expect(verifyTonightLink(token.replace(EVENT.slice(0, 8), "00000000"), at, SECRET)).toEqual(invalid);
    expect(verifyTonightLink(token, at, `${SECRET}-other`)).toEqual(invalid);
    expect(verifyTonightLink(`${token.slice(0, -2)}xx`, at, SECRET)).toEqual(invalid);
    expect(verifyTonightLink("yes.abc", at, SECRET)).toEqual(invalid);
    expect(verifyTonightLink("x".repeat(500), at, SECRET)).toEqual(invalid);
    // A well-signed payload with a nonsense answer or date is still refused.
    const odd = signTonightLink({ ...LINK, answer: "maybe" as "yes" }, SECRET);
    expect(verifyTonightLink(odd, at, SECRET)).toEqual(invalid);
    const noDate = signTonightLink({ ...LINK, date: "2026-02-30" }, SECRET);
    expect(verifyTonightLink(noDate, at, SECRET)).toEqual(invalid);
  });
});

describe("the morning mail", () => {
  it("asks in Swedish, with both links and the way to turn it off", () => {
    const mail = tonightMail({
      title: "Kvällsquizet",
      time: "19:00",
      pageUrl: "https://quizkvall.se/quiz/goteborg/kvallsquizet",
      links: { yes: "https://q/ja", no: "https://q/nej", settings: "https://q/quizvard" },
    });
    expect(mail.subject).toBe(TONIGHT_SUBJECT);
    expect(mail.text).toContain("Blir det quiz på Kvällsquizet ikväll 19:00?");
    expect(mail.text).toContain("Ja, det blir quiz: https://q/ja");
    expect(mail.text).toContain("Nej, inställt: https://q/nej");
    expect(mail.text).toContain("https://q/quizvard");
    expect(mail.html).toContain(">Ja, det blir quiz</a>");
    expect(mail.html).toContain(">Nej, inställt</a>");
  });
});
